"""Finished games leave the hot tables (`games.archive`, migration 0019): an archived game replays exactly as
before at every step, its chain still verifies, a late retry of its last command is still answered from the
log, games in play and games ended lately stay hot, and the append-only guard lets through the archive's
move and nothing else. On both databases (on SQLite the column flips and nothing moves)."""

from __future__ import annotations

import random
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from games import archive, integrity, services, store
from games.models import Command, Event, Game, Snapshot

from .helpers import play_random, seat_users, started_game

pytestmark = pytest.mark.django_db


def ended_long_ago(game: Game, days: int = 3) -> None:
    """Let the game's end lie `days` in the past (the grace period is a day)."""
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() - timedelta(days=days))
    game.refresh_from_db()


def finished(users: list[Any], seed: int) -> Game:
    game = started_game(users)
    play_random(game, random.Random(seed))
    assert game.status == Game.Status.FINISHED
    return game


def archived_flags(game: Game) -> set[bool]:
    return {
        *Event.objects.filter(game=game).values_list("archived", flat=True),
        *Command.objects.filter(game=game).values_list("archived", flat=True),
        *Snapshot.objects.filter(game=game).values_list("archived", flat=True),
    }


def replay_everything(game: Game) -> dict[str, Any]:
    """What the game shows: the history and the view at every step, to a spectator and to each seat."""
    store.state_cache.clear()
    viewers = [None, *seat_users(game).values()]
    seen: dict[str, Any] = {}
    for viewer in viewers:
        name = getattr(viewer, "pk", None)
        seen[f"history {name}"] = services.history(game, viewer, after=0, limit=5000)
        for at in range(1, game.version + 1):
            seen[f"{name} at {at}"] = services.state_at(game, viewer, at)
    seen["states"] = store.load_states([(game, at) for at in range(1, game.version + 1)])
    return seen


def test_an_archived_game_replays_and_verifies_as_before(make_user: Any, settings: Any) -> None:
    settings.GAMES_SNAPSHOT_EVERY = 10  # snapshots to move as well
    game = finished([make_user(), make_user()], seed=3)
    ended_long_ago(game)
    before = replay_everything(game)
    counts = (
        Event.objects.filter(game=game).count(),
        Command.objects.filter(game=game).count(),
        Snapshot.objects.filter(game=game).count(),
    )
    assert counts[2] > 0

    report = archive.archive_finished()

    assert report.games == [game.pk]
    assert report.rows == {"games_event": counts[0], "games_command": counts[1], "games_snapshot": counts[2]}
    assert archived_flags(game) == {True}
    assert replay_everything(game) == before
    assert store.load_state(game, use_snapshots=False, use_cache=False) == store.load_state(
        game, use_cache=False
    )
    assert integrity.verify(game) == []
    out = StringIO()
    call_command("verify_events", str(game.pk), stdout=out)
    assert f"game {game.pk}: ok ({game.version} events)" in out.getvalue()
    assert archive.archive_finished().games == []  # nothing left to move


def test_games_in_play_and_games_ended_lately_stay_hot(make_user: Any) -> None:
    users = [make_user(), make_user()]
    playing = started_game(users)
    play_random(playing, random.Random(4), max_commands=5)
    lately = finished(users, seed=5)  # ended just now: inside the grace period
    Game.objects.filter(pk=playing.pk).update(finished_at=timezone.now() - timedelta(days=9))  # (never so)

    assert archive.archive_finished().games == []
    assert archived_flags(playing) == archived_flags(lately) == {False}
    # Past the grace period the ended game moves; the one in play never does.
    assert archive.archive_finished(timedelta(0)).games == [lately.pk]
    assert archived_flags(playing) == {False} and archived_flags(lately) == {True}
    assert archive.hot_game_ids() == [playing.pk]


def test_the_limit_and_the_management_command(make_user: Any) -> None:
    users = [make_user(), make_user()]
    games = [finished(users, seed) for seed in (6, 7)]
    for game in games:
        ended_long_ago(game)
    assert archive.archive_finished(limit=1).games == [games[0].pk]
    out = StringIO()
    call_command("archive_finished", "--hours", "1", stdout=out)
    assert "archived 1 game(s)" in out.getvalue() and "games_event" in out.getvalue()
    assert archived_flags(games[1]) == {True}


def test_a_late_retry_of_the_last_command_is_answered_from_the_cold_log(make_user: Any) -> None:
    game = finished([make_user(), make_user()], seed=8)
    last = Command.objects.filter(game=game).order_by("-last_seq").first()
    assert last is not None and last.user is not None
    first_answer = services.execute(last.user, game.pk, last.command, idempotency_key=last.idempotency_key)
    ended_long_ago(game)
    archive.archive_finished()
    store.state_cache.clear()

    again = services.execute(last.user, game.pk, last.command, idempotency_key=last.idempotency_key)

    assert again.replayed and first_answer.replayed
    assert (again.events, again.version) == (first_answer.events, first_answer.version)


def _refused(sql: str, params: list[Any]) -> bool:
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, params)
    except DatabaseError:
        return True
    return False


def test_the_guard_lets_through_the_move_and_nothing_else(make_user: Any) -> None:
    hot = started_game([make_user(), make_user()])
    cold = finished([make_user(), make_user()], seed=9)
    ended_long_ago(cold)
    archive.archive_finished()
    for game in (hot, cold):
        assert _refused("UPDATE games_event SET data = '{}' WHERE game_id = %s AND seq = 1", [game.pk])
        assert _refused("UPDATE games_event SET seq = seq + 1000 WHERE game_id = %s", [game.pk])
        if connection.vendor == "postgresql":  # (SQLite's guard refuses UPDATE only: the test runner DELETEs)
            assert _refused("DELETE FROM games_event WHERE game_id = %s AND seq = 1", [game.pk])
    # Back to hot, or moved with an edit: refused too.
    assert _refused("UPDATE games_event SET archived = false WHERE game_id = %s", [cold.pk])
    assert _refused("UPDATE games_event SET archived = true, hash = 'x' WHERE game_id = %s", [hot.pk])
    # A DELETE right after a move, in the same transaction, is no part of it.
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("UPDATE games_command SET archived = true WHERE game_id = %s", [hot.pk])
            cursor.execute("UPDATE games_event SET archived = true WHERE game_id = %s AND seq = 1", [hot.pk])
        if connection.vendor == "postgresql":
            assert _refused("DELETE FROM games_event WHERE game_id = %s AND seq = 1", [hot.pk])
            assert _refused("DELETE FROM games_event WHERE game_id = %s AND seq = 2", [hot.pk])
        transaction.set_rollback(True)
    assert archived_flags(hot) == {False}
    assert integrity.verify(hot) == [] and integrity.verify(cold) == []


def test_verify_finds_a_log_split_between_the_partitions(make_user: Any, settings: Any) -> None:
    settings.GAMES_SNAPSHOT_EVERY = 10
    game = finished([make_user(), make_user()], seed=10)
    with connection.cursor() as cursor:  # half a move, as no archive run leaves it
        cursor.execute("UPDATE games_command SET archived = true WHERE game_id = %s", [game.pk])
        cursor.execute("UPDATE games_event SET archived = true WHERE game_id = %s", [game.pk])
    problems = integrity.verify(game)
    assert any("split between the hot and the cold partition" in p for p in problems), problems


def test_the_hourly_task_moves_at_most_a_batch_and_the_next_run_goes_on(make_user: Any, settings: Any) -> None:
    from games.tasks import archive_finished_games

    settings.GAMES_ARCHIVE_BATCH = 1
    users = [make_user(), make_user()]
    games = [finished(users, seed) for seed in (8, 9)]
    for game in games:
        ended_long_ago(game)
    assert archive_finished_games()["games"] == 1
    assert {*archived_flags(games[0]), *archived_flags(games[1])} == {True, False}
    assert archive_finished_games()["games"] == 1
    assert archived_flags(games[0]) == archived_flags(games[1]) == {True}
