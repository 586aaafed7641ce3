"""The sweep enforces a batch of due games, each in a savepoint of its own and through the one write path
of every command: one broken game fails alone and whole, and the statements a game costs do not grow with
its batch."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.deadlines import enforcement, sweep
from games.models import SERVICE_KEY_PREFIX, Command, Event, Game, SeatPresence
from notifications.models import Outbox

from .helpers import seat_users, started_game

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DUE = T0 + timedelta(hours=24, minutes=1)


def _games(verified_user: Any, count: int) -> list[Game]:
    with time_machine.travel(T0, tick=False):
        return [started_game([verified_user() for _ in range(3)], time_control={"decision_hours": 24, "reminder_hours": 4})
                for _ in range(count)]


def _enforced_whole(game: Game, version: int) -> bool:
    """The game's deadline was enforced: the service's commands, its events, the timeout record and emails."""
    game.refresh_from_db()
    seat = Command.objects.get(game=game, first_seq=version + 1).seat
    return (
        game.version > version
        and Event.objects.filter(game=game).count() == game.version
        and all(c.by_service for c in Command.objects.filter(game=game, first_seq__gt=version))
        and SeatPresence.objects.get(game=game, seat=seat).consecutive_timeouts == 1
        and Outbox.objects.filter(game=game, kind="timeout").count() == 1
        and Outbox.objects.filter(game=game, kind="reminder").count() == 1
    )


def _untouched(game: Game, version: int) -> bool:
    """Nothing of the enforcement was written; the deadline is retried a little later."""
    game.refresh_from_db()
    return (
        game.version == version
        and not Command.objects.filter(game=game, first_seq__gt=version).exists()
        and Event.objects.filter(game=game).count() == version
        and not SeatPresence.objects.filter(game=game).exists()
        and not Outbox.objects.filter(game=game, kind__in=("timeout", "reminder")).exists()
        and game.deadline_at == DUE + sweep.FAILED_ENFORCEMENT_RETRY
    )


def test_a_game_that_breaks_in_a_batch_fails_alone_and_leaves_nothing_half_written(
    verified_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = _games(verified_user, 4)
    versions = {game.pk: game.version for game in games}
    broken = games[1]
    choose = enforcement.choose_command

    def bot_failing_in_one_game(policy: str, state: Any, seat: int, game: Game) -> dict[str, Any]:
        if game.pk == broken.pk:
            raise RuntimeError("the bot is broken")
        return choose(policy, state, seat, game)

    monkeypatch.setattr(enforcement, "choose_command", bot_failing_in_one_game)
    with time_machine.travel(DUE, tick=False):
        report = sweep.enforce_due_deadlines()
    assert (report.enforced, report.failed) == (3, 1)
    assert _untouched(broken, versions[broken.pk])
    assert all(_enforced_whole(game, versions[game.pk]) for game in games if game is not broken)


@pytest.mark.postgres
def test_a_game_whose_enforcement_fails_in_the_database_fails_alone(
    verified_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A statement that fails while one game is enforced: PostgreSQL then refuses every further statement of
    # the transaction until its savepoint is rolled back, so only that game's work is lost.
    assert connection.vendor == "postgresql", "an aborted transaction is PostgreSQL's (DATABASE_URL=postgres://...)"
    games = _games(verified_user, 4)
    versions = {game.pk: game.version for game in games}
    broken = games[2]
    enforce = enforcement._enforce

    def enforce_failing_in_the_database(game: Game, *args: Any) -> Any:
        if game.pk == broken.pk:
            with connection.cursor() as cursor:
                cursor.execute("SELECT * FROM no_such_table")
        return enforce(game, *args)

    monkeypatch.setattr(enforcement, "_enforce", enforce_failing_in_the_database)
    with time_machine.travel(DUE, tick=False):
        report = sweep.enforce_due_deadlines()
        assert (report.enforced, report.failed) == (3, 1)
        # The next sweep does not try it again before its retry time: the others go on.
        assert sweep.enforce_due_deadlines() == sweep.SweepReport()
    assert _untouched(broken, versions[broken.pk])
    assert all(_enforced_whole(game, versions[game.pk]) for game in games if game is not broken)


def test_a_game_whose_rows_cannot_be_written_fails_alone(verified_user: Any) -> None:
    games = _games(verified_user, 4)
    versions = {game.pk: game.version for game in games}
    broken = games[2]
    # A command already holds the idempotency key of the service's first move: its insert is refused.
    seat = broken.awaiting[0]
    Command.objects.create(game=broken, user=seat_users(broken)[seat], seat=seat, command={"type": "x"},
                           idempotency_key=f"{SERVICE_KEY_PREFIX}{broken.version}:{seat}:0",
                           first_seq=0, last_seq=0)
    with time_machine.travel(DUE, tick=False):
        report = sweep.enforce_due_deadlines()
    assert (report.enforced, report.failed) == (3, 1)
    assert _untouched(broken, versions[broken.pk])
    assert all(_enforced_whole(game, versions[game.pk]) for game in games if game is not broken)


def test_every_game_of_a_batch_costs_the_same_statements_through_the_one_write_path(
    verified_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing a batch spends grows with its other games (each game costs the same statements however many
    share its batch), and every command the service plays goes through `services.apply_command`."""
    applied: list[str] = []
    apply = services.apply_command

    def counted(*args: Any, **kwargs: Any) -> Any:
        applied.append(kwargs["key"])
        return apply(*args, **kwargs)

    monkeypatch.setattr(services, "apply_command", counted)
    spent, commands = [], []
    for count in (1, 3, 5):
        games = _games(verified_user, count)
        versions = {game.pk: game.version for game in games}
        applied.clear()
        with time_machine.travel(DUE, tick=False), CaptureQueriesContext(connection) as queries:
            report = sweep.enforce_due_deadlines()
        assert report.enforced == count and report.commands == len(applied) > 0
        assert all(_enforced_whole(game, versions[game.pk]) for game in games)
        assert sorted(applied) == sorted(
            Command.objects.filter(game__in=games, by_service=True).values_list("idempotency_key", flat=True))
        spent.append(len(queries))
        commands.append(report.commands)
    assert commands == [commands[0] * n for n in (1, 3, 5)], commands  # one seat awaited, one command each
    assert spent[2] - spent[1] == spent[1] - spent[0], spent
