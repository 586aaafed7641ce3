"""The commands: `Command`, a union of TypedDicts (one per set of fields, its `type` a literal of the
command types that share them), which is the JSON form a command is stored in and the form `decide` and
every action take; `read_command`, which checks each value the TypedDict promises (every malformed field
becomes an IllegalCommand); and `COMMAND_SHAPES`, the same fields as JSON Schemas (what the service
normalises with and the API documents; a test holds the two to the same fields).

What needs the state (a seat number of this table: `seat_at_table`) is checked by the actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict, TypeVar, get_args

from typing_extensions import TypeIs

from rules_kit import TEXT_ID, CommandShape, IllegalCommand
from rules_kit.commands import Schema
from rules_kit.resign import RESIGN_SHAPE

PlainType = Literal[
    "use_graveyard", "decline_graveyard", "take_gold", "draw_cards", "collect_income", "end_turn", "use_smithy",
    "thank_your_excellency", "search_deck", "decline_search", "resign",
]
CharacterType = Literal["choose_character", "discard_character", "kill", "rob", "bewitch"]
DistrictType = Literal["keep_card", "discard_card", "build", "use_laboratory", "adorn", "keep_from_deck", "use_museum"]
SeatType = Literal["swap_hands", "look_at_hand", "give_crown"]
SeatAndDistrictType = Literal["destroy", "use_armory"]


class Plain(TypedDict):
    """A command without fields (take_gold, end_turn, use_smithy, resign, ...)."""

    type: PlainType


class NamesCharacter(TypedDict):
    """choose_character, discard_character, kill, rob, bewitch."""

    type: CharacterType
    character: str


class NamesDistrict(TypedDict):
    """keep_card, discard_card, build, use_laboratory, adorn, keep_from_deck, use_museum."""

    type: DistrictType
    district: str


class NamesSeat(TypedDict):
    """swap_hands, look_at_hand, give_crown."""

    type: SeatType
    seat: int


class NamesSeatAndDistrict(TypedDict):
    """destroy, use_armory: a district of another player's city."""

    type: SeatAndDistrictType
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


class SetWishes(TypedDict):
    """set_wishes: the characters to take, first available first, when the seat's pick of the draft comes
    (anytime: accepted off-turn; empty: ask me). Kept for the seat's picks of one draft (`citadels.wishes`)."""

    type: Literal["set_wishes"]
    characters: list[str]


class SetBellTower(TypedDict):
    """set_bell_tower: a city is complete at 7 or 8 `districts`."""

    type: Literal["set_bell_tower"]
    districts: Literal[7, 8]


Command = (
    Plain | NamesCharacter | NamesDistrict | NamesSeat | NamesSeatAndDistrict | Redraw | TakeCard | Navigate
    | Exchange | SetBellTower | SetWishes
)
"""A command of Citadels as stored and decided: `command["type"]` tells mypy which TypedDict it is."""

PLAIN_TYPES: tuple[PlainType, ...] = get_args(PlainType)
_NAMES_CHARACTER: tuple[CharacterType, ...] = get_args(CharacterType)
_NAMES_DISTRICT: tuple[DistrictType, ...] = get_args(DistrictType)
_NAMES_SEAT: tuple[SeatType, ...] = get_args(SeatType)
_NAMES_SEAT_AND_DISTRICT: tuple[SeatAndDistrictType, ...] = get_args(SeatAndDistrictType)
_WITH_OWN_FIELDS = ("redraw", "take_card", "navigate", "exchange", "set_bell_tower", "set_wishes")

COMMAND_TYPES = frozenset(
    (*PLAIN_TYPES, *_NAMES_CHARACTER, *_NAMES_DISTRICT, *_NAMES_SEAT, *_NAMES_SEAT_AND_DISTRICT, *_WITH_OWN_FIELDS)
)
"""Every command type of Citadels."""

BELL_TOWER_CHOICES: tuple[Literal[7, 8], ...] = (7, 8)
"""The sizes of a complete city the Bell Tower's builder chooses from."""

_KindT = TypeVar("_KindT", bound=str)


def one_of(kind: object, kinds: tuple[_KindT, ...]) -> TypeIs[_KindT]:
    """Whether `kind` is one of `kinds` (then mypy knows it is of their literal type)."""
    return kind in kinds


def read_command(data: Mapping[str, object]) -> Command:
    """`data` (a command as `rules_kit.commands.normalize_command` leaves it: a type and its declared fields)
    as its TypedDict, each value of the kind the TypedDict promises; IllegalCommand('malformed') with the
    field's reason (`needs_text_id`, `needs_seat`, `needs_id_list`, `needs_boolean`, `needs_choice`) if not,
    IllegalCommand('unknown_command') for a type Citadels has not."""
    kind = data.get("type")
    if one_of(kind, PLAIN_TYPES):
        return {"type": kind}
    if one_of(kind, _NAMES_CHARACTER):
        return {"type": kind, "character": text_field(data, "character")}
    if one_of(kind, _NAMES_DISTRICT):
        return {"type": kind, "district": text_field(data, "district")}
    if one_of(kind, _NAMES_SEAT):
        return {"type": kind, "seat": seat_field(data, "seat")}
    if one_of(kind, _NAMES_SEAT_AND_DISTRICT):
        seat = seat_field(data, "seat")
        return {"type": kind, "seat": seat, "district": text_field(data, "district")}
    if kind == "redraw":
        return {"type": kind, "districts": text_list_field(data, "districts")}
    if kind == "take_card":
        return _take_card(data)
    if kind == "navigate":
        return {"type": kind, "take": _navigate_take(data)}
    if kind == "exchange":
        own, their = text_field(data, "own"), text_field(data, "their")
        return {"type": kind, "own": own, "seat": seat_field(data, "seat"), "their": their}
    if kind == "set_bell_tower":
        return {"type": kind, "districts": _bell_tower_districts(data)}
    if kind == "set_wishes":
        return {"type": kind, "characters": _wished(data)}
    raise IllegalCommand("unknown_command", f"there is no command '{kind}'")


def _take_card(data: Mapping[str, object]) -> TakeCard:
    command: TakeCard = {"type": "take_card", "district": text_field(data, "district")}
    if "build" in data:
        build = data["build"]
        if not isinstance(build, bool):
            raise IllegalCommand("malformed", "'build' is true or false", "needs_boolean",
                                 {"command": "take_card", "field": "build"})
        command["build"] = build
    return command


def _navigate_take(data: Mapping[str, object]) -> Literal["gold", "cards"]:
    take = data.get("take")
    if take == "gold" or take == "cards":
        return take
    raise IllegalCommand("malformed", "'navigate' needs 'take': 'gold' or 'cards'", "needs_choice",
                         {"command": "navigate", "field": "take", "choices": ["gold", "cards"]})


def _bell_tower_districts(data: Mapping[str, object]) -> Literal[7, 8]:
    districts = data.get("districts")
    if not isinstance(districts, bool) and districts in BELL_TOWER_CHOICES:
        return 7 if districts == 7 else 8  # 7.0 of a JSON reader is 7
    raise IllegalCommand("malformed", "'set_bell_tower' needs 'districts': 7 or 8", "needs_choice",
                         {"command": "set_bell_tower", "field": "districts", "choices": [7, 8]})


MAX_WISHES = 9
"""The most characters a wish list names (a game has at most 9)."""


def _wished(data: Mapping[str, object]) -> list[str]:
    """The wish list: a list of up to `MAX_WISHES` character ids (possibly empty: ask me), the empty texts
    left out (a form's places left unset). Whether each is a character of this game, the state says
    (`wishes.set_wishes`)."""
    wished = data.get("characters")
    if not isinstance(wished, list) or len(wished) > MAX_WISHES or not all(isinstance(c, str) for c in wished):
        raise IllegalCommand("malformed", f"'set_wishes' needs 'characters': a list of at most {MAX_WISHES} character ids",
                             "needs_character_list", {"command": "set_wishes", "field": "characters", "count": MAX_WISHES})
    return [c for c in wished if c]


def text_field(command: Mapping[str, object], name: str) -> str:
    """The string field `name` of `command`."""
    value = command.get(name)
    if not isinstance(value, str) or not value:
        raise IllegalCommand("malformed", f"'{command.get('type')}' needs a '{name}' (a text id)", "needs_text_id",
                             {"command": str(command.get("type")), "field": name})
    return value


def seat_field(command: Mapping[str, object], name: str) -> int:
    """The seat number field `name` of `command` (whether the table has that seat: `seat_at_table`)."""
    value = command.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalCommand("malformed", f"'{command.get('type')}' needs a '{name}' (a seat number)", "needs_seat",
                             {"command": str(command.get("type")), "field": name})
    return value


def seat_at_table(seat: int, players: int) -> int:
    """`seat` (a command's seat field), which must be a seat of a table of `players`."""
    if not 0 <= seat < players:
        raise IllegalCommand("no_such_seat", f"there is no seat {seat} at this table")
    return seat


def text_list_field(command: Mapping[str, object], name: str) -> list[str]:
    """The non-empty list of strings `name` of `command` (a copy)."""
    value = command.get(name)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise IllegalCommand("malformed", f"'{command.get('type')}' needs '{name}': a non-empty list of ids", "needs_id_list",
                             {"command": str(command.get("type")), "field": name})
    return list(value)


# --- the fields of each command (what the service stores, what the API documents) ----------------------

_SEAT: Schema = {"type": "integer", "minimum": 0, "maximum": 7, "description": "a seat number"}
_DISTRICT = {"district": TEXT_ID}
_CHARACTER = {"character": TEXT_ID}
_TARGET = {"seat": _SEAT}

COMMAND_SHAPES: tuple[CommandShape, ...] = (
    *(CommandShape(kind, _CHARACTER) for kind in _NAMES_CHARACTER),
    *(CommandShape(kind) for kind in PLAIN_TYPES if kind != RESIGN_SHAPE.type),
    *(CommandShape(kind, _DISTRICT) for kind in _NAMES_DISTRICT),
    *(CommandShape(kind, _TARGET) for kind in _NAMES_SEAT),
    CommandShape("redraw", {"districts": {"type": "array", "items": TEXT_ID, "minItems": 1, "maxItems": 64}}),
    *(CommandShape(kind, {**_TARGET, **_DISTRICT}) for kind in _NAMES_SEAT_AND_DISTRICT),
    CommandShape("take_card", _DISTRICT, {"build": {"type": "boolean"}}),
    CommandShape("navigate", {"take": {"type": "string", "enum": ["gold", "cards"]}}),
    CommandShape("exchange", {"own": TEXT_ID, **_TARGET, "their": TEXT_ID}),
    CommandShape("set_bell_tower", {"districts": {"type": "integer", "enum": list(BELL_TOWER_CHOICES)}}),
    CommandShape("set_wishes", {"characters": {
        "type": "array", "maxItems": MAX_WISHES,
        "items": {"type": "string", "maxLength": 64, "description": "a character id; an empty one is left out"},
        "description": "the characters to take when your pick comes, first first; empty: ask me",
    }}),
)
"""Every command of Citadels and its fields (docs/commands.md); `read_command` checks their values. Resign and
take_back, every game's, are not listed: `GameRules` declares them (`rules_kit.engine.CROSS_GAME_SHAPES`)."""
