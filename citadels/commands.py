"""Reading the fields of a command: every malformed command becomes an IllegalCommand."""

from __future__ import annotations

from typing import Any

from rules_kit import IllegalCommand

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
