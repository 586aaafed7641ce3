"""The fields of each Dominion command: what the service stores and the API documents (`rules_kit.commands`),
and the same as types (`Command`), which `legal_commands`, the decisions' answers and the bots are checked
against. `decide` checks the values of a command sent from outside, which is any JSON object until then."""

from __future__ import annotations

from typing import Literal, Required, TypedDict

from rules_kit import TEXT_ID, CommandShape
from rules_kit.commands import Schema
from rules_kit.resign import RESIGN_SHAPE

REACTIONS = ("beggar", "market_square", "hovel", "moat")
"""The reaction cards a player may give a standing answer for (`set_reaction`)."""

StandingAnswer = Literal["always", "never", "ask"]


class Play(TypedDict):
    """Play a card from the hand (its number)."""

    type: Literal["play"]
    card: int


class PlayTreasures(TypedDict):
    """Play every Treasure in hand that asks nothing."""

    type: Literal["play_treasures"]


class Buy(TypedDict):
    """Buy the top card of a Supply pile (its id)."""

    type: Literal["buy"]
    card: str


class EndTurn(TypedDict):
    type: Literal["end_turn"]


class Decide(TypedDict, total=False):
    """Answer the decision asked, by the one field its kind asks for (decisions.py)."""

    type: Required[Literal["decide"]]
    cards: list[int]
    choice: str
    name: str
    order: list[int]


class SetReaction(TypedDict):
    """A standing answer for a reaction card."""

    type: Literal["set_reaction"]
    card: str
    answer: StandingAnswer


class Resign(TypedDict):
    """Resign the game (rules_kit.resign): the bot plays the seat from now on."""

    type: Literal["resign"]


Command = Play | PlayTreasures | Buy | EndTurn | Decide | SetReaction | Resign

_CARD_NUMBER: Schema = {"type": "integer", "minimum": 0, "description": "the number of a card"}
_CARD_NUMBERS: Schema = {"type": "array", "items": _CARD_NUMBER, "maxItems": 500}

COMMAND_SHAPES: tuple[CommandShape, ...] = (
    CommandShape("play", {"card": _CARD_NUMBER}),
    CommandShape("play_treasures"),
    CommandShape("buy", {"card": {**TEXT_ID, "description": "a Supply pile id"}}),
    CommandShape("end_turn"),
    # A decision is answered by the one field its kind asks for (dominion/decisions.py).
    CommandShape("decide", {"cards": _CARD_NUMBERS}),
    CommandShape("decide", {"choice": TEXT_ID}),
    CommandShape("decide", {"name": TEXT_ID}),
    CommandShape("decide", {"order": _CARD_NUMBERS}),
    CommandShape("set_reaction", {
        "card": {"type": "string", "enum": list(REACTIONS)},
        "answer": {"type": "string", "enum": ["always", "never", "ask"]},
    }),
    RESIGN_SHAPE,
)
"""Every command of Dominion and its fields (README, docs/commands.md)."""
