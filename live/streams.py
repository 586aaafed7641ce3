"""The server-sent event streams: a game's page (`/games/<id>/live`, `/games/watch/<token>/live`), an open
game's waiting room (`/games/<id>/room/live`) and the lobby (`/live/lobby`).

Each event of a game's page is `id: <version>[.<table>]` and `data: {"game": id, "version": n[, "table": t]}`:
never a view. `table` is the sum of the numbers of the table's side changes its viewer follows (`live.marks`:
the chat channels they read, the requests to take a move back when seated; left out while 0): a chat line or
an answer is an event with the same version and a greater table, and its page fetches what it may read. A stream answers only a
viewer who may see the game (a private game's stream answers a stranger as a missing game: the 404 of
`games.services.get_game`). On (re)connect the browser sends `Last-Event-ID` (or the page's `?since=`): a newer
version is sent at once, so a page that was away catches up; then every notice of the fan-out follows, the
versions growing. A comment line every `LIVE_KEEPALIVE_SECONDS` keeps proxies from closing an idle stream. A watch
link's stream checks the link again on every notice and keepalive, and ends once the host turned spectators
away (the switch sends a notice: at once).

Two doors lead to the same streams: under uvicorn, `live.asgi` serves them past Django's request machinery (a
request, a thread and the middleware's state held for hours by each open page were most of its memory);
these views are the other door (Django's test client, a server without that entry, and each refusal, which
`live.asgi` hands on to Django for its answer in the reader's language). Both decide with the openers of
`live.opening` and then run `events`.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
import weakref
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase

from core.errors import ServiceError
from core.metrics import LIVE_CONNECTIONS
from games import presence

from . import fanout, opening, publish
from .marks import read_marks
from .opening import Plan

T = TypeVar("T")
RETRY_MILLISECONDS = 2000
# The answer's head of an open stream (both doors): no cache, and nginx passes each event on at once.
HEADERS = {"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"}


def closing(function: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """`function` in a thread of the event loop's pool, its database connection closed after it: a stream
    lasts for hours, and a connection kept by its thread would stay open as long (one per open page). At most
    `LIVE_DATABASE_SLOTS` such calls of the process run at once (500 pages reconnecting together once opened
    as many connections: PostgreSQL's "too many clients"). Not thread-sensitive: the lean door (`live.asgi`)
    has no request context, and a single thread for every stream's reads would queue them all."""

    def run(*args: Any) -> T:
        try:
            return function(*args)
        finally:
            if not connection.in_atomic_block:
                connection.close()

    async def bounded(*args: Any) -> T:
        async with _database_slots():
            return await sync_to_async(run, thread_sensitive=False)(*args)

    return bounded


_slots_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def _database_slots() -> asyncio.Semaphore:
    """The process's semaphore of database slots (one per event loop: a semaphore serves one loop only)."""
    loop = asyncio.get_running_loop()
    slots = _slots_by_loop.get(loop)
    if slots is None:
        slots = _slots_by_loop[loop] = asyncio.Semaphore(settings.LIVE_DATABASE_SLOTS)
    return slots


def _opened(request: HttpRequest, name: str, kwargs: dict[str, Any]) -> Plan:
    """The signed-in user (or the anonymous one), then the opener of the stream `name` (`live.opening`)."""
    return opening.OPENERS[name](get_user(request), **kwargs)


async def _serve(request: HttpRequest, name: str, **kwargs: Any) -> HttpResponseBase:
    """Django's door: the stream `name` opened for the request's viewer, or the refusal's JSON answer."""
    try:
        plan = await closing(_opened)(request, name, kwargs)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    if not isinstance(request, ASGIRequest):
        # A WSGI server (gunicorn's sync workers, runserver) would hold a thread per open page and cannot
        # stream an async iterator: 204 tells EventSource to stop, and the page falls back to the poll.
        return HttpResponse(status=204)
    since, since_table = last_marks(request)
    response = StreamingHttpResponse(events(plan, since, since_table), content_type="text/event-stream")
    for header, value in HEADERS.items():
        response[header] = value
    return response


async def game_stream(request: HttpRequest, game_id: int) -> HttpResponseBase:
    """The stream of one game's versions for a viewer who may see it (`live.opening.game`)."""
    return await _serve(request, "game-live", game_id=game_id)


async def watch_stream(request: HttpRequest, token: str) -> HttpResponseBase:
    """The stream of a private game watched through its signed link (`live.opening.watch`)."""
    return await _serve(request, "game-watch-live", token=token)


async def room_stream(request: HttpRequest, game_id: int) -> HttpResponseBase:
    """The stream of an open game's waiting room (`live.opening.room`). The page's `?since=` is the sum of
    the room's and the game's numbers."""
    return await _serve(request, "game-room-live", game_id=game_id)


async def lobby_stream(request: HttpRequest) -> HttpResponseBase:
    """The stream of the signed-in user's games and of the listed open games' seats (`live.opening.lobby`):
    the lobby refreshes on each notice. The page's mark (`?since=`) counts the versions of the user's games."""
    return await _serve(request, "lobby-live")


async def tournament_stream(request: HttpRequest, tournament_id: int) -> HttpResponseBase:
    """The stream of a tournament's versions (its page refetches itself on each): anybody may read it."""
    return await _serve(request, "tournament-live", tournament_id=tournament_id)


def _noting_presence(game_id: int, user_id: int) -> Callable[[], Awaitable[None]]:
    """While a player's stream is open, their seat is noted as present (games.presence: no turn mail while
    the game is open), at the stream's start and then with its keepalives, at most every `WRITE_EVERY`."""
    last = [-math.inf]  # never written yet (time.monotonic() may start near 0 on a freshly started machine)

    async def alive() -> None:
        now = time.monotonic()
        if now - last[0] >= presence.WRITE_EVERY.total_seconds():
            last[0] = now
            await closing(presence.note_seen)(game_id, user_id)

    return alive


def lobby_mark(versions: Any) -> int:
    """What the lobby page was drawn at (its `?since=`): the sum of its games' versions, which only grows."""
    return sum(versions)


def last_marks(request: HttpRequest) -> tuple[int | None, int]:
    """The version and the table's mark the page has (`V.T`, or `V` for a table at 0): the browser's
    `Last-Event-ID` on a reconnect, else the page's `?since=`; (None, 0) when it says neither."""
    raw = request.headers.get("Last-Event-ID") or request.GET.get("since") or ""
    version, _dot, table = raw.partition(".")
    try:
        return int(version), int(table or 0)
    except ValueError:
        return None, 0


def event(game_id: int, version: int, *, with_id: bool = True, table: int = 0) -> bytes:
    """One server-sent event: the version (and the table's mark, when not 0) as its id (the browser's
    Last-Event-ID on a reconnect)."""
    if not table:
        head = f"id: {version}\n" if with_id else ""
        return f"{head}data: {publish.notice(game_id, version)}\n\n".encode()
    data = json.dumps({"game": game_id, "version": version, "table": table}, separators=(",", ":"))
    return f"id: {version}.{table}\ndata: {data}\n\n".encode()


async def events(plan: Plan, since: int | None, since_table: int = 0,
                 watch: fanout.Watch | None = None) -> AsyncGenerator[bytes, None]:
    """Subscribe first, then read the versions (a notice in between is not lost), then follow the hub.

    `since`: a game's stream (`per_game`) sends its version and table at once when the version is newer or
    the table differs from `since_table`; then one event of both whenever either grows (the keys of `sides`
    are its table's side keys). The lobby's and a waiting room's streams (several keys) send one event when
    the sum of the numbers of `marked` differs from the page's mark, the keys of `sides` followed without
    counting in it. A watch link's stream asks again on each notice and keepalive whether the link still
    opens its game, and ends when not; every stream ends once its `watch` is closed (`live.asgi`: the browser
    went). While it runs it is one of /metrics' open live connections (by `plan.stream`)."""
    hub = fanout.hub()
    marked, sides = set(plan.marked), set(plan.sides)
    if watch is None:
        watch = fanout.Watch([*marked, *sides])
    hub.add(watch)
    alive = _noting_presence(*plan.presence) if plan.presence is not None else None
    token = plan.token
    sent: dict[int, int] = {}
    open_streams = LIVE_CONNECTIONS.labels(plan.stream)
    open_streams.inc()
    try:
        yield f"retry: {RETRY_MILLISECONDS}\n\n".encode()
        current = await _versions(watch.game_ids)
        sent.update(current)
        if since is not None and plan.per_game:
            game_id = min(marked)
            version, table = current.get(game_id, 0), _table(sent, sides)
            if version > since or table != since_table:
                yield event(game_id, version, table=table)
        elif since is not None and (counted := {g: v for g, v in current.items() if g in marked}) \
                and lobby_mark(counted.values()) != since:
            game_id = max(counted, key=lambda g: counted[g])
            yield event(game_id, counted[game_id], with_id=False)
        while True:
            if alive is not None:
                await alive()
            pending, resync = await watch.wait(settings.LIVE_KEEPALIVE_SECONDS)
            if watch.closed or (token is not None and not await closing(opening.still_watched)(token)):
                return
            if resync:
                pending = {**await _versions(watch.game_ids), **pending}
            fresh = {g: v for g, v in pending.items() if v > sent.get(g, -1)}
            sent.update(fresh)
            if plan.per_game and fresh:
                game_id = min(marked)
                yield event(game_id, sent.get(game_id, 0), table=_table(sent, sides))
            elif fresh:
                for game_id, version in sorted(fresh.items()):
                    yield event(game_id, version, with_id=False)
            if not pending:
                yield b": keepalive\n\n"
    finally:
        open_streams.dec()
        hub.remove(watch)


def _table(sent: dict[int, int], sides: set[int]) -> int:
    """A game page's table mark: the sum of its side keys' numbers sent (or read) so far."""
    return sum(number for key, number in sent.items() if key in sides)


async def _versions(game_ids: Any) -> dict[int, Any]:
    return await closing(read_marks)(list(game_ids))
