"""The fields of the commands: each type's table (`COMMAND_SHAPES`), and reading a field, where every
malformed one becomes an IllegalCommand."""

from __future__ import annotations

from typing import Any

from rules_kit import TEXT_ID, CommandShape, IllegalCommand
from rules_kit.commands import Schema

Command = dict[str, Any]


def text_field(command: Command, name: str) -> str:
    """The string field `name` of `command`."""
    value = command.get(name)
    if not isinstance(value, str) or not value:
        raise IllegalCommand("malformed", f"'{command.get('type')}' needs a '{name}' (a text id)", "needs_text_id",
                             {"command": str(command.get("type")), "field": name})
    return value


def seat_field(command: Command, name: str, players: int) -> int:
    """The seat number field `name` of `command`, checked against the table's size."""
    value = command.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalCommand("malformed", f"'{command.get('type')}' needs a '{name}' (a seat number)", "needs_seat",
                             {"command": str(command.get("type")), "field": name})
    if not 0 <= value < players:
        raise IllegalCommand("no_such_seat", f"there is no seat {value} at this table")
    return value


def text_list_field(command: Command, name: str) -> list[str]:
    """The non-empty list of strings `name` of `command`."""
    value = command.get(name)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise IllegalCommand("malformed", f"'{command.get('type')}' needs '{name}': a non-empty list of ids", "needs_id_list",
                             {"command": str(command.get("type")), "field": name})
    return value


# --- the fields of each command (what the service stores, what the API documents) ----------------------

_SEAT: Schema = {"type": "integer", "minimum": 0, "maximum": 7, "description": "a seat number"}
_DISTRICT = {"district": TEXT_ID}
_CHARACTER = {"character": TEXT_ID}
_TARGET = {"seat": _SEAT}

COMMAND_SHAPES: tuple[CommandShape, ...] = (
    *(CommandShape(kind, _CHARACTER) for kind in ("choose_character", "discard_character", "kill", "rob", "bewitch")),
    *(CommandShape(kind) for kind in (
        "use_graveyard", "decline_graveyard", "take_gold", "draw_cards", "collect_income", "end_turn",
        "use_smithy", "thank_your_excellency", "search_deck", "decline_search",
    )),
    *(CommandShape(kind, _DISTRICT) for kind in (
        "keep_card", "discard_card", "build", "use_laboratory", "adorn", "keep_from_deck", "use_museum",
    )),
    *(CommandShape(kind, _TARGET) for kind in ("swap_hands", "look_at_hand", "give_crown")),
    CommandShape("redraw", {"districts": {"type": "array", "items": TEXT_ID, "minItems": 1, "maxItems": 64}}),
    CommandShape("destroy", {**_TARGET, **_DISTRICT}),
    CommandShape("use_armory", {**_TARGET, **_DISTRICT}),
    CommandShape("take_card", _DISTRICT, {"build": {"type": "boolean"}}),
    CommandShape("navigate", {"take": {"type": "string", "enum": ["gold", "cards"]}}),
    CommandShape("exchange", {"own": TEXT_ID, **_TARGET, "their": TEXT_ID}),
    CommandShape("set_bell_tower", {"districts": {"type": "integer", "enum": [7, 8]}}),
)
"""Every command of Citadels and its fields (docs/commands.md); `decide` checks their values."""
