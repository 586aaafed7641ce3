"""The lean door of the live streams: under uvicorn, an open stream is served past Django's request machinery.

Through Django's ASGI handler each open page held, for as long as it stayed open (hours), a request object,
its spooled body, the middleware chain's state, a response and its generator, a task listening for the
disconnect, and above all a thread of its own (the request's thread-sensitive context keeps one for sync
middleware): 109-173 KiB a page, of which the thread's stack and state were about 60 % (tracemalloc and
/proc/<pid>/smaps of a worker with 1,000 streams open; docs/scaling.md, "Live streams").

`LiveStreams` wraps the site's ASGI application. A GET of a live address (`live.urls`) is decided here once,
with Django's own pieces: the request (`ASGIRequest`, dropped once decided) for the host check
(ALLOWED_HOSTS), the cookies and the marks; the session engine and `django.contrib.auth.get_user` for the
viewer; the opener of `live.opening` for the permission; all of it in one thread call whose database
connection is closed at its end (`live.streams.closing`). Allowed, the stream is served here: the answer's
head, then `live.streams.events` written out as it yields; the open stream holds its watch in the hub, its
generator and one task waiting for the browser to go. Anything else goes on to Django unchanged: every other
request, a refusal (Django answers it again, in the reader's language, with every middleware), a host not
allowed, a plain-http request where the site redirects to https, and a session that the check would change
(a password changed elsewhere, a key signed with an old secret: Django's middleware then flushes or renews
it and sets its cookie).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from contextlib import aclosing, suppress
from functools import cache
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.urls import Resolver404, resolve

from core.errors import ServiceError

from . import fanout, opening, streams

logger = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Any, Any, Any], Awaitable[None]]


class LiveStreams:
    """Wraps the site's ASGI application: the live streams served by `serve`, everything else passed on."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request: an allowed live stream here, anything else by the wrapped application."""
        if scope["type"] == "http" and scope["method"] == "GET" and _looks_live(scope["path"]):
            if await serve(scope, receive, send):
                return
        await self.app(scope, receive, send)


def _looks_live(path: str) -> bool:
    """Every address of `live.urls` ends so (a cheap test before the URL resolver, on every GET)."""
    return path.endswith(("/live", "/live/lobby"))


def _route(request: ASGIRequest) -> tuple[str, dict[str, Any]] | None:
    """The live address's name (`live.opening.OPENERS`) and arguments, or None for any other address."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    if match.url_name not in opening.OPENERS:
        return None
    return match.url_name, match.kwargs


async def serve(scope: Scope, receive: Receive, send: Send) -> bool:
    """Serve the stream when its viewer may open it (True, once it has ended); False, untouched (nothing
    received, nothing sent), when Django should answer the request."""
    try:
        request = ASGIRequest(scope, io.BytesIO())
        route = _route(request)
        if route is None or not _passes_middleware(request):
            return False
        plan = await streams.closing(_decide)(request, *route)
        since, since_table = streams.last_marks(request)
    except (ServiceError, _SessionWouldChange, UnicodeDecodeError):
        return False  # refused, a session to write, an address not UTF-8: Django answers (403/404, 400)
    except Exception:
        # Anything else (the database down, say): Django's own handling answers it, and logs it.
        logger.warning("live stream handed on to Django after an error", exc_info=True)
        return False
    del request  # nothing of the request is kept while the stream runs
    await _run(plan, since, since_table, receive, send)
    return True


def _passes_middleware(request: ASGIRequest) -> bool:
    """What the middleware would let through untouched: an allowed host (else Django's 400), a secure
    request where the site redirects plain http (else SecurityMiddleware's redirect)."""
    try:
        request.get_host()
    except DisallowedHost:
        return False
    return request.is_secure() or not settings.SECURE_SSL_REDIRECT


def _decide(request: ASGIRequest, name: str, kwargs: dict[str, Any]) -> opening.Plan:
    """In a thread: the session's user (read only), then the stream's opener (ServiceError: refused)."""
    request.session = _read_only_store()(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
    return opening.OPENERS[name](get_user(request), **kwargs)


class _SessionWouldChange(Exception):
    """`get_user` would write the session: Django's middleware must answer, to set its cookie."""


@cache
def _read_only_store() -> type:
    """The session engine's store, refusing every change (`_SessionWouldChange`)."""
    base = import_module(settings.SESSION_ENGINE).SessionStore

    def refuse(self: Any, *args: Any, **kwargs: Any) -> None:
        raise _SessionWouldChange

    # The base's qualified name: the session data's signature is salted with it (`SessionBase.key_salt`).
    return type("ReadOnlySessionStore", (base,), {"__qualname__": base.__qualname__, "save": refuse,
                                                   "flush": refuse, "cycle_key": refuse, "delete": refuse,
                                                   "create": refuse})


def _head() -> Message:
    """The answer's head: an event stream, uncached, with the site's usual protective headers."""
    headers = [(b"content-type", b"text/event-stream"),
               *((name.lower().encode(), value.encode()) for name, value in streams.HEADERS.items()),
               (b"x-content-type-options", b"nosniff"), (b"x-frame-options", settings.X_FRAME_OPTIONS.encode())]
    if settings.SECURE_REFERRER_POLICY:
        headers.append((b"referrer-policy", settings.SECURE_REFERRER_POLICY.encode()))
    return {"type": "http.response.start", "status": 200, "headers": headers}


async def _run(plan: opening.Plan, since: int | None, since_table: int, receive: Receive, send: Send) -> None:
    """Write the stream's events until it ends: the browser went (the task waiting on `receive` closes the
    watch, which wakes the stream), a watch link turned away (the answer is ended), or the server stops
    (the task is cancelled: the answer is ended, and the browser reconnects to another process)."""
    watch = fanout.Watch([*plan.marked, *plan.sides])
    gone = asyncio.ensure_future(_disconnected(receive))
    gone.add_done_callback(lambda task: _went(task, watch))
    try:
        await send(_head())
        async with aclosing(streams.events(plan, since, since_table, watch)) as chunks:
            async for chunk in chunks:
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
        if not gone.done():
            await send({"type": "http.response.body", "body": b"", "more_body": False})
    except asyncio.CancelledError:
        with suppress(Exception):
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        raise
    finally:
        gone.cancel()
        watch.close()


def _went(task: asyncio.Future[None], watch: fanout.Watch) -> None:
    """The browser went (or the wait for it failed, or was cancelled): the stream's watch is closed."""
    watch.close()
    if not task.cancelled() and task.exception() is not None:
        logger.warning("waiting for the browser to go failed", exc_info=task.exception())


async def _disconnected(receive: Receive) -> None:
    """Return once the browser has gone (the request's own message, an empty body, comes first)."""
    while (await receive())["type"] != "http.disconnect":
        pass
