"""The server-sent event streams: a game's page (`/games/<id>/live`, `/games/watch/<token>/live`), an open
game's waiting room (`/games/<id>/room/live`) and the lobby (`/live/lobby`).

Each event is `id: <version>` and `data: {"game": id, "version": n}`: never a view. A stream answers only a
viewer who may see the game (a private game's stream answers a stranger as a missing game: the 404 of
`games.services.get_game`). On (re)connect the browser sends `Last-Event-ID` (or the page's `?since=`): a newer
version is sent at once, so a page that was away catches up; then every notice of the fan-out follows, the
versions growing. A comment line every `LIVE_KEEPALIVE_SECONDS` keeps proxies from closing an idle stream.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _

from config.errors import ServiceError
from config.metrics import LIVE_CONNECTIONS
from games import presence, services
from games.models import Game
from games.pages import watched_game

from . import fanout, publish
from .marks import LOBBY_KEY, read_marks, room_key

T = TypeVar("T")
RETRY_MILLISECONDS = 2000
LOBBY_STATUSES = (Game.Status.OPEN, Game.Status.ACTIVE)  # the games the lobby lists as running or to start


def _closing(function: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """`function` in the request's thread, its database connection closed after it: a stream lasts for
    hours, and its thread's connection would otherwise stay open (one per open page) until the stream ends.
    At most `LIVE_DATABASE_SLOTS` such calls of the process run at once: each request has a thread of its
    own, and 500 pages reconnecting together opened as many connections (PostgreSQL: "too many clients")."""

    def run(*args: Any) -> T:
        try:
            return function(*args)
        finally:
            if not connection.in_atomic_block:
                connection.close()

    async def bounded(*args: Any) -> T:
        async with _database_slots():
            return await sync_to_async(run)(*args)

    return bounded


_slots_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def _database_slots() -> asyncio.Semaphore:
    """The process's semaphore of database slots (one per event loop: a semaphore serves one loop only)."""
    loop = asyncio.get_running_loop()
    slots = _slots_by_loop.get(loop)
    if slots is None:
        slots = _slots_by_loop[loop] = asyncio.Semaphore(settings.LIVE_DATABASE_SLOTS)
    return slots


def _viewer_and_game(request: HttpRequest, game_id: int) -> tuple[Any, Game]:
    """The signed-in user (or the anonymous one) and the game they may see (ServiceError: a 404 else)."""
    user = get_user(request)
    return user, services.get_game(game_id, user if user.is_authenticated else None)


async def game_stream(request: HttpRequest, game_id: int) -> HttpResponseBase:
    """The stream of one game's versions for a viewer who may see it."""
    try:
        user, game = await _closing(_viewer_and_game)(request, game_id)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    alive = _noting_presence(game.pk, user.pk) if user.is_authenticated else None
    return _stream(request, [game.pk], per_game=True, stream="game", alive=alive)


def _noting_presence(game_id: int, user_id: int) -> Callable[[], Awaitable[None]]:
    """While a player's stream is open, their seat is noted as present (games.presence: no turn mail while
    the game is open), at the stream's start and then with its keepalives, at most every `WRITE_EVERY`."""
    last = [0.0]

    async def alive() -> None:
        now = time.monotonic()
        if now - last[0] >= presence.WRITE_EVERY.total_seconds():
            last[0] = now
            await _closing(presence.note_seen)(game_id, user_id)

    return alive


async def watch_stream(request: HttpRequest, token: str) -> HttpResponseBase:
    """The stream of a private game watched through its signed link (signed-in spectators, as the page)."""
    user = await _closing(get_user)(request)
    if not user.is_authenticated:
        return _signed_out()
    try:
        game = await _closing(watched_game)(token)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    return _stream(request, [game.pk], per_game=True, stream="watch")


async def room_stream(request: HttpRequest, game_id: int) -> HttpResponseBase:
    """The stream of an open game's waiting room, for a viewer who may see the game: its seats taken and
    left (the room's key) and its start (the game's version). The page's `?since=` is the sum of both."""
    try:
        _user, game = await _closing(_viewer_and_game)(request, game_id)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    return _stream(request, [game.pk, room_key(game.pk)], per_game=False, stream="room")


async def lobby_stream(request: HttpRequest) -> HttpResponseBase:
    """The stream of the signed-in user's running and open games (their moves, their waiting rooms) and of
    the seats taken and left in the listed open games: the lobby refreshes on each notice. The page's mark
    (`?since=`) counts the versions of the user's games only."""
    user = await _closing(get_user)(request)
    if not user.is_authenticated:
        return _signed_out()
    game_ids, open_ids = await _closing(_games_of)(user.pk)
    return _stream(request, game_ids, per_game=False, stream="lobby",
                   also=[LOBBY_KEY, *(room_key(pk) for pk in open_ids)])


def lobby_mark(versions: Iterable[int]) -> int:
    """What the lobby page was drawn at (its `?since=`): the sum of its games' versions, which only grows."""
    return sum(versions)


def _signed_out() -> JsonResponse:
    error = ServiceError("unauthenticated", "not_signed_in", _("Sign in to follow your games live."))
    return JsonResponse(error.as_dict(), status=error.status)


def _games_of(user_id: int) -> tuple[list[int], list[int]]:
    """The user's running and open games, and the open ones among them."""
    games = list(Game.objects.filter(seats__user_id=user_id, status__in=LOBBY_STATUSES).values_list("pk", "status"))
    return [pk for pk, _status in games], [pk for pk, status in games if status == Game.Status.OPEN]


def last_event_id(request: HttpRequest) -> int | None:
    """The version the page has: the browser's `Last-Event-ID` on a reconnect, else the page's `?since=`."""
    raw = request.headers.get("Last-Event-ID") or request.GET.get("since") or ""
    try:
        return int(raw)
    except ValueError:
        return None


def _stream(request: HttpRequest, game_ids: list[int], *, per_game: bool, stream: str,
            also: Iterable[int] = (), alive: Callable[[], Awaitable[None]] | None = None) -> HttpResponseBase:
    if not isinstance(request, ASGIRequest):
        # A WSGI server (gunicorn's sync workers, runserver) would hold a thread per open page and cannot
        # stream an async iterator: 204 tells EventSource to stop, and the page falls back to the poll.
        return HttpResponse(status=204)
    since = last_event_id(request)
    response = StreamingHttpResponse(_events(game_ids, since, per_game=per_game, stream=stream, also=also, alive=alive),
                                     content_type="text/event-stream")
    response["Cache-Control"] = "no-cache, no-transform"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def event(game_id: int, version: int, *, with_id: bool = True) -> bytes:
    """One server-sent event: the version as its id (the browser's Last-Event-ID on a reconnect)."""
    head = f"id: {version}\n" if with_id else ""
    return f"{head}data: {publish.notice(game_id, version)}\n\n".encode()


async def _events(game_ids: Iterable[int], since: int | None, *, per_game: bool,
                  stream: str = "game", also: Iterable[int] = (),
                  alive: Callable[[], Awaitable[None]] | None = None) -> AsyncIterator[bytes]:
    """Subscribe first, then read the versions (a notice in between is not lost), then follow the hub.

    `since`: a game's stream sends its version at once when it is newer; the lobby's and a waiting room's
    streams (several keys, `per_game` false) send one event when the sum of the numbers of `game_ids`
    differs from the page's mark. The keys of `also` are followed without counting in the mark. While it
    runs it is one of /metrics' open live connections (`stream`: game, watch, room or lobby)."""
    hub = fanout.hub()
    marked = set(game_ids)
    watch = fanout.Watch([*marked, *also])
    hub.add(watch)
    sent: dict[int, int] = {}
    with_id = per_game
    open_streams = LIVE_CONNECTIONS.labels(stream)
    open_streams.inc()
    try:
        yield f"retry: {RETRY_MILLISECONDS}\n\n".encode()
        current = await _versions(watch.game_ids)
        sent.update(current)
        if since is not None and per_game:
            for game_id, version in current.items():
                if version > since:
                    yield event(game_id, version)
        elif since is not None and (counted := {g: v for g, v in current.items() if g in marked}) \
                and lobby_mark(counted.values()) != since:
            game_id = max(counted, key=lambda g: counted[g])
            yield event(game_id, counted[game_id], with_id=False)
        while True:
            if alive is not None:
                await alive()
            pending, resync = await watch.wait(settings.LIVE_KEEPALIVE_SECONDS)
            if resync:
                pending = {**await _versions(watch.game_ids), **pending}
            fresh = {g: v for g, v in pending.items() if v > sent.get(g, -1)}
            for game_id, version in sorted(fresh.items()):
                sent[game_id] = version
                yield event(game_id, version, with_id=with_id)
            if not pending:
                yield b": keepalive\n\n"
    finally:
        open_streams.dec()
        hub.remove(watch)


async def _versions(game_ids: Iterable[int]) -> dict[int, Any]:
    return await _closing(_read_versions)(list(game_ids))


def _read_versions(keys: list[int]) -> dict[int, int]:
    return read_marks(keys)
