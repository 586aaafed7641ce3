"""`Game.absences_declared`: a command's new deadline reads the players' absences only in a game where one
was declared; a declaration, and a player who sits down with one to come, mark the game, so no pause is
missed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from citadels import RULES
from games import services, store
from games.deadlines import absences
from games.models import Absence, Game

from .helpers import seat_users, started_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
CONTROL = {"decision_hours": 24, "reminder_hours": 4, "timeout_policy": "bot"}


def _play_until_the_awaited_seat_changes(game: Game) -> list[str]:
    """Commands of the awaited seats until another seat is awaited; the SQL they ran."""
    first = list(game.awaiting)
    with CaptureQueriesContext(connection) as queries:
        for _ in range(30):
            game.refresh_from_db()
            if game.awaiting != first:
                break
            seat = game.awaiting[0]
            command = RULES.legal_commands(store.load_state(game), seat)[0]
            services.execute(seat_users(game)[seat], game.pk, command, idempotency_key=f"k{game.version}",
                             expected_version=game.version)
    assert game.awaiting != first
    return [query["sql"] for query in queries.captured_queries]


def _play_until_the_seat_of(user: Any, game: Game) -> list[str]:
    """Play the others' commands until the game awaits `user`'s seat; the SQL of the last turn change."""
    statements: list[str] = []
    for _ in range(10):
        game.refresh_from_db()
        if seat_users(game)[game.awaiting[0]] == user:
            return statements
        statements = _play_until_the_awaited_seat_changes(game)
    raise AssertionError("the seat was never awaited")


def _reads_absences(statements: list[str]) -> bool:
    table = connection.ops.quote_name(Absence._meta.db_table)
    return any(table in sql and sql.lstrip().upper().startswith("SELECT") for sql in statements)


def test_a_game_without_declared_absences_reads_none(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game = started_game([make_user(f"a{i}") for i in range(3)], time_control=CONTROL)
        assert not game.absences_declared
        assert not _reads_absences(_play_until_the_awaited_seat_changes(game))
        game.refresh_from_db()
        assert game.deadline_at == T0 + timedelta(hours=24)


def test_a_declaration_marks_the_players_games_and_pauses_the_next_deadline(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        users = [make_user(f"b{i}") for i in range(3)]
        game = started_game(users, time_control=CONTROL)
        not_theirs = started_game([make_user("b8"), make_user("b9")], time_control=CONTROL)
        away = next(user for seat, user in seat_users(game).items() if seat not in game.awaiting)
        absences.declare_absence(away, T0, T0 + timedelta(days=2))
        game.refresh_from_db()
        assert game.absences_declared
        not_theirs.refresh_from_db()
        assert not not_theirs.absences_declared
        statements = _play_until_the_seat_of(away, game)
        assert _reads_absences(statements)
        assert game.deadline_at == T0 + timedelta(days=2, hours=24)  # their new deadline starts after it


def test_a_player_who_joins_with_an_absence_to_come_marks_the_game(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        host, late = make_user("c0"), make_user("c1")
        absences.declare_absence(late, T0 + timedelta(hours=1), T0 + timedelta(days=3))
        game = services.create_game(host, "citadels", 2, time_control=CONTROL, auto_start=True)
        assert not Game.objects.get(pk=game.pk).absences_declared
        services.join_game(late, game.pk)  # the last seat: the game starts in the same transaction
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE and game.absences_declared
        _play_until_the_seat_of(late, game)
        assert game.deadline_at == T0 + timedelta(days=3, hours=23)  # an hour before the absence, 23 after
