"""The fields of each Dominion command: what the service stores and the API documents (`rules_kit.commands`),
and the same as types (`Command`), which `read_command` reads a JSON object into (checking every value the
type promises) and `decide`, `legal_commands`, the decisions' answers and the bots speak. What a value must
be in the state of the game (a card in the hand, an offered answer) `decide` checks."""

from __future__ import annotations

from typing import Literal, Required, TypedDict, cast

from rules_kit import TEXT_ID, CommandShape, IllegalCommand
from rules_kit.commands import Schema
from rules_kit.resign import RESIGN

REACTIONS = ("beggar", "market_square", "hovel", "moat")
"""The reaction cards a player may give a standing answer for (`set_reaction`)."""

StandingAnswer = Literal["always", "never", "ask"]

PREFERENCES: dict[str, tuple[str, ...]] = {
    "discard_down": ("junk_first", "cheapest_first"),
    "victory_onto_deck": ("cheapest_first",),
    "trash_revealed": ("cheapest_first",),
}
"""The prompts asked outside one's own turn that a standing preference may answer (`set_preference`), each
with its named policies (docs/commands.md): Militia's, Sir Michael's, Urchin's and Mercenary's discard down,
Bureaucrat's Victory card onto the deck, and the revealed card a Bandit or a Knight makes its victim trash.
"ask" (no policy) is every prompt's too."""
ASK = "ask"


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
    """Answer the decision asked, by the one field its kind asks for (decisions.py). One type with every
    answer's field optional rather than one type per answer: `{"type": "decide"}` alone is a command too
    (refused by `decide` with the field the decision asks for), and a union with such a bare member would
    collapse into it under TypedDicts' structural typing."""

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


class SetPreference(TypedDict):
    """A standing preference for a prompt asked outside one's own turn (`PREFERENCES`), or "ask"."""

    type: Literal["set_preference"]
    prompt: str
    policy: str


class Resign(TypedDict):
    """Resign the game (rules_kit.resign): the bot plays the seat from now on."""

    type: Literal["resign"]


Command = Play | PlayTreasures | Buy | EndTurn | Decide | SetReaction | SetPreference | Resign
"""A command as `decide` takes it: `read_command` made it of a JSON object, so every field has its type."""

_STANDING_ANSWERS: tuple[StandingAnswer, ...] = ("always", "never", "ask")


def read_command(data: object) -> Command:
    """`data` (a JSON object, normalised by `rules_kit.commands` or not) as a `Command`, the same object: every
    field the command's type promises checked for its type. IllegalCommand (`malformed` and the field's
    reason, `unknown_command`, `not_a_reaction`) for one that is no such command."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise IllegalCommand("malformed", "a command is a JSON object with a 'type'", "not_an_object")
    kind = data["type"]
    if kind == "play":
        card = data.get("card")
        if not isinstance(card, int) or isinstance(card, bool):
            raise IllegalCommand("malformed", "'play' needs a 'card' (a card number from your hand)",
                                 "needs_card_number", {"command": "play", "field": "card"})
    elif kind == "buy":
        if not isinstance(data.get("card"), str):
            raise IllegalCommand("malformed", "'buy' needs a 'card' (a Supply pile id)", "needs_pile",
                                 {"command": "buy", "field": "card"})
    elif kind == "decide":
        _check_answer(data)
    elif kind == "set_reaction":
        if data.get("card") not in REACTIONS:
            raise IllegalCommand("not_a_reaction", f"standing answers are for {', '.join(REACTIONS)}")
        if data.get("answer") not in _STANDING_ANSWERS:
            raise IllegalCommand("malformed", "'answer' is always, never or ask", "needs_choice",
                                 {"command": "set_reaction", "field": "answer", "choices": list(_STANDING_ANSWERS)})
    elif kind == "set_preference":
        _check_preference(data)
    elif kind not in ("play_treasures", "end_turn", RESIGN):
        raise IllegalCommand("unknown_command", f"unknown command type {kind!r}")
    return cast(Command, data)


def _check_preference(data: dict[str, object]) -> None:
    """A `set_preference` names a prompt of `PREFERENCES` and one of its policies (or "ask")."""
    prompt = data.get("prompt")
    if not isinstance(prompt, str) or prompt not in PREFERENCES:
        raise IllegalCommand("not_a_preference", f"standing preferences are for {', '.join(PREFERENCES)}")
    choices = [*PREFERENCES[prompt], ASK]
    if data.get("policy") not in choices:
        raise IllegalCommand("malformed", f"'policy' for {prompt} is {', '.join(choices)}", "needs_choice",
                             {"command": "set_preference", "field": "policy", "choices": choices})


def _check_answer(data: dict[str, object]) -> None:
    """The answer fields a `decide` command carries have their types (which one it needs, the decision says)."""
    for field in ("cards", "order"):
        value = data.get(field)
        if field in data and not (
            isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise needs_card_numbers(field)
    for field in ("choice", "name"):
        if field in data and not isinstance(data[field], str):
            raise needs_text(field)


def needs_card_numbers(field: str) -> IllegalCommand:
    """The refusal of a decide command without a list of card numbers in `field` (cards, order)."""
    return IllegalCommand("malformed", f"this decision needs '{field}': a list of card numbers", "needs_card_numbers",
                          {"command": "decide", "field": field})


def needs_text(field: str) -> IllegalCommand:
    """The refusal of a decide command without a text in `field` (choice, name)."""
    return IllegalCommand("malformed", f"this decision needs '{field}': a text", "needs_text",
                          {"command": "decide", "field": field})


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
    # One shape per prompt: its own policies (and "ask").
    *(CommandShape("set_preference", {
        "prompt": {"type": "string", "enum": [prompt]},
        "policy": {"type": "string", "enum": [*policies, ASK]},
    }) for prompt, policies in PREFERENCES.items()),
)
"""Every command of Dominion and its fields (docs/commands.md). Resign and take_back, every game's, are
not listed: `GameRules` declares them (`rules_kit.engine.CROSS_GAME_SHAPES`)."""
