"""The fields of each Dominion command: what the service stores and the API documents (`rules_kit.commands`).
`decide` checks their values."""

from __future__ import annotations

from rules_kit import TEXT_ID, CommandShape
from rules_kit.commands import Schema

from .decide import REACTIONS

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
)
"""Every command of Dominion and its fields (README, docs/commands.md)."""
