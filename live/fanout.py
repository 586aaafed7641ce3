"""The receiving half of the fan-out: in each web process, one listener feeds a hub of open streams.

Each web process (a uvicorn worker) holds ONE source of notices, whatever the number of open pages:

* `postgres`: one psycopg 3 async connection that LISTENs on `POSTGRES_CHANNEL` (the games' row notifies
  it of each new version, by a trigger inside the command's transaction: delivered at its commit);
* `redis`: one Redis pub/sub subscription to `LIVE_CHANNEL` (the senders PUBLISH after commit);
* `poll`: for the embedded defaults (SQLite, no Redis): a notice sent in this process reaches its pages at
  once, and one query every `LIVE_POLL_SECONDS` reads the versions of the games watched here (the commands
  of the other processes: the Celery worker's deadline sweep).

The hub hands each notice (a key of `live.marks` and its number: a game's version, a room's, the lobby's or
a table's side change) to the streams that follow the key. A stream keeps only the newest number it has not
sent (a slow reader never holds a queue of old versions), and its version only grows. When the listener
loses its connection, every stream is told to read its game's version again once it is back (notices sent
meanwhile are not lost: the version column has them).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterable
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection

from .marks import read_marks

log = logging.getLogger(__name__)

POSTGRES, REDIS, POLL = "postgres", "redis", "poll"
# PostgreSQL's channel: named in the trigger of migration 0001 too. (A database's channels are its own, so
# sites that share a server never share one; `LIVE_CHANNEL` names the Redis channel.)
POSTGRES_CHANNEL = "games_live"
RETRY_SECONDS = 1.0


def kind() -> str:
    """The fan-out of the settings: `LIVE_FANOUT`, else PostgreSQL's when the database is PostgreSQL (and its
    listener can hear: not through a pooler in transaction mode without LIVE_DATABASE_URL), else the poll."""
    chosen = settings.LIVE_FANOUT
    if chosen:
        return str(chosen)
    if connection.vendor != "postgresql":
        return POLL
    # Behind a pooler in transaction mode LISTEN hears nothing: PostgreSQL's fan-out only with a direct
    # connection for its listener (LIVE_DATABASE_URL), else the poll, which works through any pooler.
    deaf = settings.DATABASE_TRANSACTION_POOLING and not settings.LIVE_DATABASE_URL
    return POLL if deaf else POSTGRES


class Watch:
    """One open stream's mailbox: the newest numbers of its keys not yet sent, and one wake-up.

    Small on purpose (slots, one future while it waits, no task, no Event): a process holds thousands."""

    __slots__ = ("game_ids", "pending", "resync", "closed", "_waiter")

    def __init__(self, game_ids: Iterable[int]) -> None:
        self.game_ids = frozenset(game_ids)
        self.pending: dict[int, int] = {}
        self.resync = False
        self.closed = False  # the browser went (`live.asgi`): the stream ends at its next wake-up
        self._waiter: asyncio.Future[None] | None = None

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def offer(self, game_id: int, version: int) -> None:
        if version > self.pending.get(game_id, -1):
            self.pending[game_id] = version
            self._wake()

    def ask_resync(self) -> None:
        self.resync = True
        self._wake()

    def close(self) -> None:
        """End the watch (the browser went): its stream wakes and ends. Closing it again does nothing."""
        self.closed = True
        self._wake()

    async def wait(self, timeout: float) -> tuple[dict[int, int], bool]:
        """The versions offered since the last call and whether to read them again (empty on a timeout)."""
        if not (self.pending or self.resync or self.closed):
            loop = asyncio.get_running_loop()
            waiter = self._waiter = loop.create_future()
            timer = loop.call_later(timeout, _expire, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
                self._waiter = None
        pending, resync = self.pending, self.resync
        if pending:
            self.pending = {}
        self.resync = False
        return pending, resync


def _expire(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


class Hub:
    """This process's open streams by game, and the one listener that feeds them (started with the first)."""

    def __init__(self) -> None:
        self.watches: dict[int, set[Watch]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listener: asyncio.Task[None] | None = None
        self.listening: asyncio.Event | None = None  # set while the listener is subscribed

    def add(self, watch: Watch) -> None:
        """Register an open stream (in the event loop); the first one starts the listener."""
        loop = asyncio.get_running_loop()
        if self.loop is not loop or self.listener is None or self.listener.done():
            self.loop = loop
            self.listening = asyncio.Event()
            self.listener = loop.create_task(_listen(self, kind()))
        for game_id in watch.game_ids:
            self.watches.setdefault(game_id, set()).add(watch)

    async def stop(self) -> None:
        """Stop the listener (its connection closed): the end of a test's event loop."""
        listener, self.listener, self.loop = self.listener, None, None
        if listener is not None:
            listener.cancel()
            try:
                await listener
            except asyncio.CancelledError:
                pass

    def subscribed(self) -> None:
        """The listener is subscribed: notices from now on arrive; those before are read again."""
        if self.listening is not None:
            self.listening.set()
        self.resync()

    def remove(self, watch: Watch) -> None:
        for game_id in watch.game_ids:
            watchers = self.watches.get(game_id)
            if watchers is not None:
                watchers.discard(watch)
                if not watchers:
                    del self.watches[game_id]

    def deliver(self, game_id: int, version: int) -> None:
        """A notice, in the event loop: to every stream of the game."""
        for watch in list(self.watches.get(game_id, ())):
            watch.offer(game_id, version)

    def deliver_threadsafe(self, game_id: int, version: int) -> None:
        """A notice from any thread of this process (a no-op in a process that serves no stream)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.deliver, game_id, version)

    def resync(self) -> None:
        """After a lost connection: every stream reads its games' versions again."""
        for watchers in list(self.watches.values()):
            for watch in watchers:
                watch.ask_resync()

    def deliver_text(self, text: str | bytes) -> None:
        try:
            payload = json.loads(text)
            self.deliver(int(payload["game"]), int(payload["version"]))
        except (ValueError, KeyError, TypeError):
            log.warning("live: a notice that is not one: %r", text)


_hub = Hub()


def hub() -> Hub:
    """This process's hub."""
    return _hub


async def _listen(hub: Hub, how: str) -> None:
    """Feed the hub for as long as the process runs; on a lost connection, retry and resync."""
    source = {POSTGRES: _listen_postgres, REDIS: _listen_redis, POLL: _poll}[how]
    while True:
        try:
            await source(hub)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the database or Redis went away: try again, then catch up
            if hub.listening is not None:
                hub.listening.clear()
            log.warning("live: the %s listener lost its connection; retrying", how, exc_info=True)
        await asyncio.sleep(RETRY_SECONDS)


def _conninfo() -> str:
    """The listener's connection string: LIVE_DATABASE_URL (a direct connection when the web's goes through a
    pooler in transaction mode, where LISTEN hears nothing), else the default database's."""
    from psycopg.conninfo import make_conninfo

    if settings.LIVE_DATABASE_URL:
        import dj_database_url

        db: Any = dj_database_url.parse(settings.LIVE_DATABASE_URL)
    else:
        db = connection.settings_dict
    params = {"dbname": db["NAME"], "user": db["USER"], "password": db["PASSWORD"], "host": db["HOST"],
              "port": str(db["PORT"] or "")}
    # The URL's connection options (`?sslmode=require`, ...); the others of OPTIONS are Django's or psycopg's.
    params.update({k: str(v) for k, v in (db.get("OPTIONS") or {}).items() if k in _LIBPQ_OPTIONS})
    return make_conninfo(**{k: v for k, v in params.items() if v})


_LIBPQ_OPTIONS = frozenset({"sslmode", "sslrootcert", "sslcert", "sslkey", "sslpassword", "connect_timeout",
                            "options", "target_session_attrs", "application_name"})


async def _listen_postgres(hub: Hub) -> None:
    import psycopg
    from psycopg import sql

    async with await psycopg.AsyncConnection.connect(_conninfo(), autocommit=True) as conn:
        await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(POSTGRES_CHANNEL)))
        hub.subscribed()
        async for note in conn.notifies():
            hub.deliver_text(note.payload)


async def _listen_redis(hub: Hub) -> None:
    import redis.asyncio as redis

    client = redis.Redis.from_url(settings.LIVE_REDIS_URL)
    try:
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(settings.LIVE_CHANNEL)
        hub.subscribed()
        async for message in pubsub.listen():
            hub.deliver_text(message["data"])
    finally:
        await client.aclose()


async def _poll(hub: Hub) -> None:
    known: dict[int, int] = {}
    hub.subscribed()
    while True:
        await asyncio.sleep(settings.LIVE_POLL_SECONDS)
        watched = list(hub.watches)
        if not watched:
            continue
        for game_id, version in (await _versions(watched)).items():
            if known.get(game_id) != version:
                known[game_id] = version
                hub.deliver(game_id, version)


@sync_to_async
def _versions(keys: list[int]) -> dict[int, int]:
    return read_marks(keys)  # the games' versions, and the waiting rooms' changes (`live.marks`)
