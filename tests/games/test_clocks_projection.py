"""A time bank game's banks are one of the projection columns: written with the others in the command's one
UPDATE of the game's row (no statement of their own), and rebuilt from the log by `rebuild_projections`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.deadlines import sweep
from games.deadlines.bank_log import banks_from_log
from games.models import Game
from games.services.rebuild import rebuild

from .test_clocks import _bank_game, _finish_decision

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


def _game_updates(queries: list[dict[str, Any]]) -> list[str]:
    table = Game._meta.db_table
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith("UPDATE") and table in q["sql"]]


def test_a_decision_that_moves_the_clock_writes_the_banks_in_the_one_update(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=30)
    before = dict(game.clock_banks)
    seat = game.awaiting[0]
    with CaptureQueriesContext(connection) as captured:
        _finish_decision(game, T0 + 5 * HOUR)
    assert game.awaiting != [seat]
    stored = Game.objects.get(pk=game.pk).clock_banks
    assert stored != before and stored[str(seat)]["since"] is None
    assert stored[str(seat)]["left"] == 30 * 3600 - 5 * 3600 + 24 * 3600
    updates = _game_updates(captured.captured_queries)
    # Each command: its compare-and-set of the projection, which carries the banks (none of their own).
    assert updates and all("clock_banks" in sql and "version" in sql for sql in updates)


def test_the_sweep_writes_the_banks_with_the_games_row(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=2, increment_hours=1, max_bank_hours=2)
    late = T0 + 2 * HOUR + timedelta(minutes=1)
    with time_machine.travel(late, tick=False):
        assert sweep.enforce_due_deadlines(now=late).enforced == 1
    game.refresh_from_db()
    assert game.clock_banks == banks_from_log(game)


def test_a_rebuild_takes_the_banks_from_the_log(make_user: Any) -> None:
    game = _bank_game(make_user, initial_hours=20, increment_hours=6, max_bank_hours=30, double_after_hours=8)
    moment = T0
    for step in range(5):
        moment += (2 + 5 * step) * HOUR
        _finish_decision(game, moment)
    game.refresh_from_db()
    right = (dict(game.clock_banks), game.deadline_at, game.reminder_at)
    assert len({entry["left"] for entry in game.clock_banks.values()}) > 1
    Game.objects.filter(pk=game.pk).update(clock_banks={}, deadline_at=T0 + 1000 * HOUR)
    with time_machine.travel(moment + HOUR, tick=False):
        result = rebuild(game.pk)
    assert result.problems == [] and "clock_banks" in result.changed
    game.refresh_from_db()
    assert (game.clock_banks, game.deadline_at, game.reminder_at) == right
    with time_machine.travel(moment + HOUR, tick=False):
        assert rebuild(game.pk).changed == {}  # nothing left to mend


def test_a_rebuild_of_a_game_with_a_time_per_decision_keeps_no_banks(make_user: Any) -> None:
    users = [make_user(f"r{i}") for i in range(2)]
    with time_machine.travel(T0, tick=False):
        game = services.create_game(users[0], "citadels", 2, time_control={"decision_hours": 24})
        services.join_game(users[1], game.pk)
        services.start_game(users[0], game.pk)
    Game.objects.filter(pk=game.pk).update(clock_banks={"0": {"left": 1.0, "since": None, "until": None}})
    with time_machine.travel(T0 + HOUR, tick=False):
        assert rebuild(game.pk).changed.keys() == {"clock_banks"}
    game.refresh_from_db()
    assert game.clock_banks == {} and game.deadline_at == T0 + 24 * HOUR
