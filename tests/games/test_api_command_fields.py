"""Each game's table of command fields (`command_shapes`, `normalize_command`): every command the rules
list as legal is its own normalised form, so a player's legal command is stored as sent; a command log
written before the tables (commands with fields no table declares) still loads and verifies."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core.management import call_command

from games import services, store
from games.models import Command
from games.registry import kind_names, kinds
from rules_kit import IllegalCommand
from rules_kit.simulate import play
from rules_kit.takeback import TAKE_BACK

from .helpers import seat_users, started_game

GAMES = [
    ("citadels", 4, {}),
    ("citadels", 7, {"random_characters": True, "dark_city_districts": 14}),
    ("dominion", 3, {}),
]


def _checking(rules: Any, bot: Any) -> Any:
    """`bot`, checking first that each legal command of the seat normalises to itself."""
    def play_checked(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
        for command in rules.legal_commands(state, seat):
            assert rules.normalize_command(command) == command, command
        return dict(bot(state, seat, rng))
    return play_checked


@pytest.mark.parametrize(("kind", "players", "options"), GAMES)
def test_every_legal_command_is_its_own_normal_form(kind: str, players: int, options: dict[str, Any]) -> None:
    rules = kinds[kind].rules
    bots = __import__(f"{kind}.bots", fromlist=["random_bot"])
    for seed in range(3):
        play(rules, [_checking(rules, bots.random_bot)] * players, random.Random(seed), options)  # type: ignore[arg-type]


def _example(schema: Any) -> Any:
    """A value its JSON Schema allows (the rules' `read_command` checks the values' kinds)."""
    if "enum" in schema:
        return schema["enum"][0]
    if schema.get("type") == "array":
        return [_example(schema.get("items", {}))]
    return {"integer": 0, "boolean": True}.get(schema.get("type"), "x")


@pytest.mark.parametrize("kind", sorted(kind_names()))
def test_the_table_names_every_command_shape_once(kind: str) -> None:
    # Shapes of one type and field set may differ in their values (Dominion's set_preference: one per prompt,
    # each with its own policies), but none is declared twice.
    shapes = kinds[kind].rules.command_shapes
    assert len({repr(s.json_schema()) for s in shapes}) == len(shapes)
    for shape in shapes:
        example = {"type": shape.type, **{name: _example(schema) for name, schema in shape.required.items()}}
        assert kinds[kind].rules.normalize_command(example) == example
        with pytest.raises(IllegalCommand) as refusal:
            kinds[kind].rules.normalize_command({**example, "seat_of_someone": 1})
        assert refusal.value.reason == "unknown_fields"


def test_dominion_answers_a_decision_with_one_field() -> None:
    with pytest.raises(IllegalCommand) as refusal:
        kinds["dominion"].rules.normalize_command({"type": "decide", "cards": [1], "choice": "yes"})
    assert (refusal.value.code, refusal.value.reason) == ("malformed", "one_of_fields")


@pytest.mark.django_db
def test_an_old_log_with_unknown_fields_still_loads_and_verifies(make_user: Any) -> None:
    game = started_game([make_user() for _ in range(3)])
    users = seat_users(game)
    for step in range(3):
        game.refresh_from_db()
        seat = game.awaiting[0]
        command = kinds["citadels"].rules.legal_commands(store.load_state(game, use_cache=False), seat)[0]
        services.execute(users[seat], game.pk, command, idempotency_key=f"k{step}")
    # As a log written before the tables: fields kept that no table declares (never decided again).
    for record in Command.objects.filter(game=game):
        Command.objects.filter(pk=record.pk).update(command={**record.command, "seat": 2, "note": "x"})
    store.state_cache.clear()
    game.refresh_from_db()
    assert store.load_state(game, use_cache=False) is not None
    assert services.history(game, users[0], 0, 100)["events"]
    call_command("verify_events", str(game.pk))


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["\x00", "\ud800"])
def test_the_service_refuses_nul_or_a_lone_surrogate_in_a_command_from_anywhere(make_user: Any, bad: str) -> None:
    """The API's parser refuses them first; a command from elsewhere (a mail reply) meets the same check."""
    from core.errors import ServiceError
    from tests.games.helpers import db_snapshot

    game = started_game([make_user() for _ in range(3)])
    seat = game.awaiting[0]
    legal = kinds["citadels"].rules.legal_commands(store.load_state(game), seat)[0]
    before = db_snapshot()
    with pytest.raises(ServiceError) as refusal:
        services.execute(seat_users(game)[seat], game.pk, {**legal, "character": legal["character"] + bad})
    assert refusal.value.code == "invalid_text"
    assert db_snapshot() == before


def test_citadels_declares_the_fields_of_every_command_it_decides() -> None:
    """A command type the engine decides but the table lacks would be refused as unknown before the engine
    saw it (the Lighthouse's `search_deck` and `decline_search` once were)."""
    from citadels.decide import COMMAND_TYPES

    decided = {shape.type for shape in kinds["citadels"].rules.command_shapes} - {TAKE_BACK}  # the hosting's
    assert decided == set(COMMAND_TYPES)
