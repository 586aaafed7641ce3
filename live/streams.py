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
"""

from __future__ import annotations

import asyncio
import json
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

from core.errors import ServiceError
from core.metrics import LIVE_CONNECTIONS
from games import presence, services
from games.models import Game
from games.page_access import watched_game

from . import fanout, publish
from .marks import LOBBY_KEY, read_marks, room_key, table_keys, tournament_key

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


def _viewer_game_and_sides(request: HttpRequest, game_id: int) -> tuple[Any, Game, list[int]]:
    """As `_viewer_and_game`, with the side keys the viewer's page follows (`live.marks.table_keys`)."""
    user, game = _viewer_and_game(request, game_id)
    return user, game, table_keys(game, user)


def _watched_game_and_sides(token: str, user: Any) -> tuple[Game, list[int]]:
    """The game of a watch link (ServiceError: a 404 once spectators are turned away) and its side keys."""
    game = watched_game(token)
    return game, table_keys(game, user, watched=True)


def _still_watched(token: str) -> Callable[[], Awaitable[bool]]:
    """Whether the watch link still opens its game (checked on each notice and keepalive of its stream)."""

    def check() -> bool:
        try:
            watched_game(token)
        except ServiceError:
            return False
        return True

    async def allowed() -> bool:
        return await _closing(check)()

    return allowed


async def game_stream(request: HttpRequest, game_id: int) -> HttpResponseBase:
    """The stream of one game's versions for a viewer who may see it."""
    try:
        user, game, sides = await _closing(_viewer_game_and_sides)(request, game_id)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    alive = _noting_presence(game.pk, user.pk) if user.is_authenticated else None
    return _stream(request, [game.pk], per_game=True, stream="game", also=sides, alive=alive)


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
        game, sides = await _closing(_watched_game_and_sides)(token, user)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    return _stream(request, [game.pk], per_game=True, stream="watch", also=sides, allowed=_still_watched(token))


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


async def tournament_stream(request: HttpRequest, tournament_id: int) -> HttpResponseBase:
    """The stream of a tournament's versions (its page refetches itself on each): anybody may read it."""
    from tournaments.models import Tournament

    exists = await _closing(lambda pk: Tournament.objects.filter(pk=pk).exists())(tournament_id)
    if not exists:
        error = ServiceError("not_found", "tournament_not_found", _("There is no tournament {id}.").format(id=tournament_id))
        return JsonResponse(error.as_dict(), status=error.status)
    return _stream(request, [tournament_key(tournament_id)], per_game=True, stream="tournament")


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


def last_marks(request: HttpRequest) -> tuple[int | None, int]:
    """The version and the table's mark the page has (`V.T`, or `V` for a table at 0): the browser's
    `Last-Event-ID` on a reconnect, else the page's `?since=`; (None, 0) when it says neither."""
    raw = request.headers.get("Last-Event-ID") or request.GET.get("since") or ""
    version, _dot, table = raw.partition(".")
    try:
        return int(version), int(table or 0)
    except ValueError:
        return None, 0


def _stream(request: HttpRequest, game_ids: list[int], *, per_game: bool, stream: str,
            also: Iterable[int] = (), alive: Callable[[], Awaitable[None]] | None = None,
            allowed: Callable[[], Awaitable[bool]] | None = None) -> HttpResponseBase:
    if not isinstance(request, ASGIRequest):
        # A WSGI server (gunicorn's sync workers, runserver) would hold a thread per open page and cannot
        # stream an async iterator: 204 tells EventSource to stop, and the page falls back to the poll.
        return HttpResponse(status=204)
    since, since_table = last_marks(request)
    response = StreamingHttpResponse(_events(game_ids, since, per_game=per_game, stream=stream, also=also, alive=alive,
                                             allowed=allowed, since_table=since_table),
                                     content_type="text/event-stream")
    response["Cache-Control"] = "no-cache, no-transform"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def event(game_id: int, version: int, *, with_id: bool = True, table: int = 0) -> bytes:
    """One server-sent event: the version (and the table's mark, when not 0) as its id (the browser's
    Last-Event-ID on a reconnect)."""
    if not table:
        head = f"id: {version}\n" if with_id else ""
        return f"{head}data: {publish.notice(game_id, version)}\n\n".encode()
    data = json.dumps({"game": game_id, "version": version, "table": table}, separators=(",", ":"))
    return f"id: {version}.{table}\ndata: {data}\n\n".encode()


async def _events(game_ids: Iterable[int], since: int | None, *, per_game: bool,
                  stream: str = "game", also: Iterable[int] = (),
                  alive: Callable[[], Awaitable[None]] | None = None,
                  allowed: Callable[[], Awaitable[bool]] | None = None,
                  since_table: int = 0) -> AsyncIterator[bytes]:
    """Subscribe first, then read the versions (a notice in between is not lost), then follow the hub.

    `since`: a game's stream (`per_game`) sends its version and table at once when the version is newer or
    the table differs from `since_table`; then one event of both whenever either grows (the keys of `also`
    are its table's side keys). The lobby's and a waiting room's streams (several keys) send one event when
    the sum of the numbers of `game_ids` differs from the page's mark, the keys of `also` followed without
    counting in it. `allowed` (a watch link's) is asked on each notice and keepalive: False ends the stream.
    While it runs it is one of /metrics' open live connections (`stream`: game, watch, room or lobby)."""
    hub = fanout.hub()
    marked, sides = set(game_ids), set(also)
    watch = fanout.Watch([*marked, *sides])
    hub.add(watch)
    sent: dict[int, int] = {}
    open_streams = LIVE_CONNECTIONS.labels(stream)
    open_streams.inc()
    try:
        yield f"retry: {RETRY_MILLISECONDS}\n\n".encode()
        current = await _versions(watch.game_ids)
        sent.update(current)
        if since is not None and per_game:
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
            if allowed is not None and not await allowed():
                return
            if resync:
                pending = {**await _versions(watch.game_ids), **pending}
            fresh = {g: v for g, v in pending.items() if v > sent.get(g, -1)}
            sent.update(fresh)
            if per_game and fresh:
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


async def _versions(game_ids: Iterable[int]) -> dict[int, Any]:
    return await _closing(_read_versions)(list(game_ids))


def _read_versions(keys: list[int]) -> dict[int, int]:
    return read_marks(keys)
