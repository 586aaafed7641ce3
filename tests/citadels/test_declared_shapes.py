"""The declared commands and event payloads hold what the engine really sends and stores: each command type's
TypedDict has the fields of its JSON Schema shape, and every event of the stored games and of bot games (the
base game and the Dark City) has exactly the parts its type declares (in the current format, as decoded), each field of its declared kind."""

from __future__ import annotations

import json
import random
import types
from pathlib import Path
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest

from citadels import RULES
from citadels.bots import heuristic_bot, random_bot
from citadels.commands import COMMAND_TYPES, Command
from citadels.events import PAYLOADS
from citadels.simulate import play
from rules_kit.events import encode
from rules_kit.takeback import TAKE_BACK

FIXTURES = sorted((Path(__file__).resolve().parent / "fixtures").glob("*.json"))


def _fields(declared: type) -> tuple[set[str], dict[str, Any]]:
    """The required fields of a TypedDict and the type of every field (NotRequired unwrapped)."""
    hints = get_type_hints(declared, include_extras=True)
    optional = {name for name, hint in hints.items() if get_origin(hint) is NotRequired}
    kinds = {name: get_args(hint)[0] if name in optional else hint for name, hint in hints.items()}
    return set(hints) - optional, kinds


def _is(value: Any, kind: Any) -> bool:
    """Whether a JSON value is of the declared kind (int, str, bool, lists, dicts, TypedDicts, unions)."""
    origin = get_origin(kind)
    if kind is Any:
        return True
    if origin in (Union, types.UnionType):
        return any(_is(value, option) for option in get_args(kind))
    if origin is Literal:
        return value in get_args(kind)
    if origin is list:
        return isinstance(value, list) and all(_is(v, get_args(kind)[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict)
    if isinstance(kind, type) and hasattr(kind, "__total__"):  # a TypedDict
        return isinstance(value, dict) and _mismatch(value, kind) is None
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _mismatch(part: dict[str, Any], declared: type) -> str | None:
    required, kinds = _fields(declared)
    if not required <= set(part):
        return f"missing {sorted(required - set(part))}"
    if not set(part) <= set(kinds):
        return f"undeclared {sorted(set(part) - set(kinds))}"
    wrong = [name for name, value in part.items() if not _is(value, kinds[name])]
    return f"of the wrong kind: {wrong}" if wrong else None


def _check(data: dict[str, Any]) -> None:
    """One stored event (its JSON form) against its declared parts."""
    kind = data["type"]
    assert kind in PAYLOADS, f"undeclared event type {kind}"
    parts = PAYLOADS[kind]
    assert _mismatch(data["public"], parts.public) is None, (kind, "public", _mismatch(data["public"], parts.public))
    for seat, private in data.get("private", {}).items():
        assert parts.private is not None, f"{kind} declares no private part"
        assert _mismatch(private, parts.private) is None, (kind, seat, _mismatch(private, parts.private))
    if data.get("secret"):
        assert parts.secret is not None, f"{kind} declares no secret part"
        assert _mismatch(data["secret"], parts.secret) is None, (kind, "secret", _mismatch(data["secret"], parts.secret))


def _typed_dicts() -> dict[str, type]:
    """Each command type and the TypedDict of the `Command` union whose `type` literal names it."""
    by_type: dict[str, type] = {}
    for declared in get_args(Command):
        for kind in get_args(get_type_hints(declared)["type"]):
            assert kind not in by_type, f"{kind} is of two TypedDicts"
            by_type[kind] = declared
    return by_type


def test_each_command_type_declares_the_fields_of_its_shape() -> None:
    typed_dicts = _typed_dicts()
    # The game's own table and resign, which GameRules adds and the game decides; not take_back (the hosting's).
    decided = [shape for shape in RULES.command_shapes if shape.type != TAKE_BACK]
    assert set(typed_dicts) == {shape.type for shape in decided} == COMMAND_TYPES
    for shape in decided:
        required, kinds = _fields(typed_dicts[shape.type])
        assert set(shape.required) == required - {"type"}, shape.type
        assert set(shape.optional) == set(kinds) - required, shape.type


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_stored_events_have_the_declared_parts(path: Path) -> None:
    for data in json.loads(path.read_text())["events"]:
        _check(encode(RULES.decode(data)))  # as the fold reads it: upcast to the current format


@pytest.mark.parametrize("options", [{}, {"random_characters": True, "dark_city_districts": 14}])
def test_bot_games_emit_the_declared_parts(options: dict[str, Any]) -> None:
    seen: set[str] = set()
    for seed in range(6):
        bots = [heuristic_bot, random_bot] * 3 + [heuristic_bot] * 2 if options else [heuristic_bot] * 5
        _, history = play(bots[: 8 if options else 5], random.Random(seed), options)
        for event in history:
            _check(encode(event))
            seen.add(event.type)
    assert len(seen) >= 20  # the check saw much of the game


def test_the_check_refuses_a_wrong_payload() -> None:
    with pytest.raises(AssertionError):
        _check({"type": "gold_taken", "public": {"seat": 0, "amount": "2"}})
    with pytest.raises(AssertionError):
        _check({"type": "gold_taken", "public": {"seat": 0}})
    with pytest.raises(AssertionError):
        _check({"type": "gold_taken", "public": {"seat": 0, "amount": 2, "extra": 1}})
