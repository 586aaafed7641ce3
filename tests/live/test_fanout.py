"""The fan-out: a committed move's notice reaches the listening web process, by each way there is; a rolled
back or refused command sends nothing; the notice carries the game's id and version and nothing else."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import psycopg
import pytest
from asgiref.sync import sync_to_async
from django.db import connection, transaction
from psycopg import sql

from games import services
from games.models import Command, Game
from live import fanout, publish
from tests.games.helpers import seat_users, started_game

from .helpers import next_versions, one_move, run

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _own_channel(settings: Any) -> None:
    """A channel of this test's own: Redis is shared with the other test processes."""
    settings.LIVE_CHANNEL = f"live_test_{uuid.uuid4().hex[:12]}"
    settings.LIVE_POLL_SECONDS = 0.1


def _listen_and_move(game: Game, move: Any) -> dict[int, int]:
    async def scenario() -> dict[int, int]:
        hub = fanout.hub()
        watch = fanout.Watch([game.pk])
        hub.add(watch)
        try:
            assert hub.listening is not None
            await asyncio.wait_for(hub.listening.wait(), 5)
            await next_versions(watch, timeout=0.2)  # the resync of the subscription
            await sync_to_async(move)(game)
            return await next_versions(watch)
        finally:
            hub.remove(watch)

    return run(scenario)


@pytest.mark.parametrize("how", [pytest.param("postgres", marks=pytest.mark.postgres), "redis", "poll"])
def test_a_committed_move_reaches_the_listening_process(how: str, settings: Any, make_user: Any) -> None:
    settings.LIVE_FANOUT = how
    game = started_game([make_user(), make_user()])
    assert _listen_and_move(game, one_move) == {game.pk: game.version}


def test_the_poll_finds_a_move_of_another_process(settings: Any, make_user: Any, monkeypatch: Any) -> None:
    """The embedded default: a move of another process (the Celery worker's sweep) sends this process no
    notice; the poll of the version column finds it."""
    settings.LIVE_FANOUT = "poll"
    monkeypatch.setattr(publish, "send", lambda game_id, version: None)
    game = started_game([make_user(), make_user()])
    assert _listen_and_move(game, one_move) == {game.pk: game.version}


@pytest.mark.postgres
def test_notify_only_after_commit_and_only_the_id_and_version(settings: Any, make_user: Any) -> None:
    """On PostgreSQL, as another web process hears it: a rolled back move sends nothing, a refused one
    nothing, a committed one exactly {"game": id, "version": n} (no view, no card, no seat)."""
    game = started_game([make_user(), make_user()])
    users = seat_users(game)
    db = connection.settings_dict
    with psycopg.connect(dbname=db["NAME"], user=db["USER"], host=db["HOST"], port=db["PORT"] or 5432,
                         autocommit=True) as listener:
        listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(fanout.POSTGRES_CHANNEL)))

        class Rollback(Exception):
            pass

        with pytest.raises(Rollback), transaction.atomic():
            one_move(game)
            raise Rollback
        seat = game.awaiting[0]
        with pytest.raises(Exception):  # noqa: B017 - the engine's refusal, whatever its type
            services.execute(users[seat], game.pk, {"type": "no_such_command"})
        assert list(listener.notifies(timeout=1.0)) == []
        game.refresh_from_db()
        before = Command.objects.count()
        version = one_move(game)
        assert Command.objects.count() == before + 1
        notes = [json.loads(n.payload) for n in listener.notifies(timeout=2.0, stop_after=1)]
        notes += [json.loads(n.payload) for n in listener.notifies(timeout=0.5)]  # and no second one
    assert notes == [{"game": game.pk, "version": version}]


def test_a_rolled_back_or_refused_command_sends_nothing(settings: Any, make_user: Any, monkeypatch: Any) -> None:
    """The fan-outs that send after commit (Redis, the poll); PostgreSQL's NOTIFY, said inside the transaction,
    is dropped by the rollback itself (test_notify_only_after_commit_and_only_the_id_and_version)."""
    settings.LIVE_FANOUT = "redis"
    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(publish, "send", lambda game_id, version: sent.append((game_id, version)))
    game = started_game([make_user(), make_user()])
    sent.clear()

    class Rollback(Exception):
        pass

    with pytest.raises(Rollback), transaction.atomic():
        one_move(game)
        raise Rollback
    users = seat_users(game)
    game.refresh_from_db()
    with pytest.raises(Exception):  # noqa: B017 - the engine's refusal, whatever its type
        services.execute(users[game.awaiting[0]], game.pk, {"type": "no_such_command"})
    assert sent == []
    version = one_move(game)
    assert sent == [(game.pk, version)]


def test_the_notice_is_the_game_and_its_version_only() -> None:
    assert json.loads(publish.notice(7, 42)) == {"game": 7, "version": 42}


def test_the_listener_connects_to_live_database_url_when_set(settings: Any) -> None:
    """Behind PgBouncer in transaction mode LISTEN hears nothing: the listener takes LIVE_DATABASE_URL."""
    settings.LIVE_DATABASE_URL = "postgres://listener:secret@db.example:6543/games"
    params = psycopg.conninfo.conninfo_to_dict(fanout._conninfo())
    assert params == {"dbname": "games", "user": "listener", "password": "secret", "host": "db.example", "port": "6543"}
    settings.LIVE_DATABASE_URL = ""
    assert psycopg.conninfo.conninfo_to_dict(fanout._conninfo())["dbname"] == connection.settings_dict["NAME"]


def test_the_listeners_url_keeps_its_connection_options(settings: Any) -> None:
    settings.LIVE_DATABASE_URL = "postgres://listener@db.example:5432/games?sslmode=require&connect_timeout=5"
    params = psycopg.conninfo.conninfo_to_dict(fanout._conninfo())
    assert (params["sslmode"], params["connect_timeout"]) == ("require", "5")


def test_behind_a_transaction_pooler_without_a_listeners_url_the_fanout_polls(settings: Any) -> None:
    """LISTEN through the pooler would hear nothing: the default is then the poll, which works through it."""
    settings.LIVE_FANOUT = ""
    settings.DATABASE_TRANSACTION_POOLING = True
    settings.LIVE_DATABASE_URL = ""
    assert fanout.kind() == fanout.POLL
    settings.LIVE_DATABASE_URL = "postgres://listener@db.example:5432/games"
    assert fanout.kind() == (fanout.POSTGRES if connection.vendor == "postgresql" else fanout.POLL)
    settings.DATABASE_TRANSACTION_POOLING = False
    settings.LIVE_DATABASE_URL = ""
    assert fanout.kind() == (fanout.POSTGRES if connection.vendor == "postgresql" else fanout.POLL)
