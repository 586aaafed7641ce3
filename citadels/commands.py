"""The commands: each type's fields, declared for two readers, `COMMAND_SHAPES` (the JSON Schemas the service
normalises with and the API documents) and `COMMAND_FIELDS` (the same fields as TypedDicts, for Python
readers; a test holds the two to the same fields); and the typed readers of a field through which `decide`'s
actions read a command as it arrives, where every malformed field becomes an IllegalCommand."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from rules_kit import TEXT_ID, CommandShape, IllegalCommand
from rules_kit.commands import Schema
from rules_kit.resign import RESIGN_SHAPE

Command = dict[str, Any]
"""A command as it arrives: any JSON object; `decide` reads its fields through the readers below."""


class Plain(TypedDict):
    """A command without fields (take_gold, end_turn, use_smithy, ...)."""

    type: str


class NamesCharacter(TypedDict):
    """choose_character, discard_character, kill, rob, bewitch."""

    type: str
    character: str


class NamesDistrict(TypedDict):
    """keep_card, discard_card, build, use_laboratory, adorn, keep_from_deck, use_museum."""

    type: str
    district: str


class NamesSeat(TypedDict):
    """swap_hands, look_at_hand, give_crown."""

    type: str
    seat: int


class NamesSeatAndDistrict(TypedDict):
    """destroy, use_armory: a district of another player's city."""

    type: str
    seat: int
    district: str


class Redraw(TypedDict):
    """redraw: the Magician's cards to discard and draw anew."""

    type: Literal["redraw"]
    districts: list[str]


class TakeCard(TypedDict):
    """take_card: the Wizard's card, built at once with `build`."""

    type: Literal["take_card"]
    district: str
    build: NotRequired[bool]


class Navigate(TypedDict):
    """navigate: `take` gold or cards."""

    type: Literal["navigate"]
    take: Literal["gold", "cards"]


class Exchange(TypedDict):
    """exchange: the Diplomat's `own` district for `their` of `seat`'s city."""

    type: Literal["exchange"]
    own: str
    seat: int
    their: str


class SetBellTower(TypedDict):
    """set_bell_tower: a city is complete at 7 or 8 `districts`."""

    type: Literal["set_bell_tower"]
    districts: Literal[7, 8]


_PLAIN = (
    "use_graveyard", "decline_graveyard", "take_gold", "draw_cards", "collect_income", "end_turn", "use_smithy",
    "thank_your_excellency", "search_deck", "decline_search",
)
_NAMES_CHARACTER = ("choose_character", "discard_character", "kill", "rob", "bewitch")
_NAMES_DISTRICT = ("keep_card", "discard_card", "build", "use_laboratory", "adorn", "keep_from_deck", "use_museum")
_NAMES_SEAT = ("swap_hands", "look_at_hand", "give_crown")

COMMAND_FIELDS: dict[str, type] = {
    **dict.fromkeys(_PLAIN, Plain),
    **dict.fromkeys(_NAMES_CHARACTER, NamesCharacter),
    **dict.fromkeys(_NAMES_DISTRICT, NamesDistrict),
    **dict.fromkeys(_NAMES_SEAT, NamesSeat),
    "destroy": NamesSeatAndDistrict,
    "use_armory": NamesSeatAndDistrict,
    "redraw": Redraw,
    "take_card": TakeCard,
    "navigate": Navigate,
    "exchange": Exchange,
    "set_bell_tower": SetBellTower,
    "resign": Plain,
}
"""Every command type of Citadels and the TypedDict of its fields."""


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
    *(CommandShape(kind, _CHARACTER) for kind in _NAMES_CHARACTER),
    *(CommandShape(kind) for kind in _PLAIN),
    *(CommandShape(kind, _DISTRICT) for kind in _NAMES_DISTRICT),
    *(CommandShape(kind, _TARGET) for kind in _NAMES_SEAT),
    CommandShape("redraw", {"districts": {"type": "array", "items": TEXT_ID, "minItems": 1, "maxItems": 64}}),
    CommandShape("destroy", {**_TARGET, **_DISTRICT}),
    CommandShape("use_armory", {**_TARGET, **_DISTRICT}),
    CommandShape("take_card", _DISTRICT, {"build": {"type": "boolean"}}),
    CommandShape("navigate", {"take": {"type": "string", "enum": ["gold", "cards"]}}),
    CommandShape("exchange", {"own": TEXT_ID, **_TARGET, "their": TEXT_ID}),
    CommandShape("set_bell_tower", {"districts": {"type": "integer", "enum": [7, 8]}}),
    RESIGN_SHAPE,
)
"""Every command of Citadels and its fields (docs/commands.md); `decide` checks their values."""
