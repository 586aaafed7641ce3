"""The API's body limit at the doors of the web servers, whatever the body's framing and type.

A body under `/api/` longer than `API_MAX_BODY_BYTES` is answered 413 `{"code": "body_too_large"}` by
`ApiBodyLimitMiddleware`, before any view, parser or other middleware reads it, whatever its Content-Type
(the parser's own check comes too late for a body DRF has no parser for, and DRF reads a JSON body through
`request.body`, whose Django limit `DATA_UPLOAD_MAX_MEMORY_SIZE` would make a 3 MB body a 500). The
middleware decides on the declared length alone, so it needs one:

* a counted body (Content-Length) keeps its length; under uvicorn the entry point (`AsgiBodyLimit`) hands
  Django an empty body in place of an oversize one, since Django's ASGI handler would otherwise spool all of
  it (to disk past 2.5 MB) before any middleware runs;
* a chunked body (Transfer-Encoding, no length) is read by the entry point (`AsgiBodyLimit`, `WsgiBodyLimit`)
  up to one byte past the limit and passed on counted, or, when longer, as an empty body declared one byte
  longer than the limit: so it is refused like a counted one, and one within the limit is read at all (DRF
  and Django's WSGI request take a body without a length for empty).

A body with a Content-Encoding (gzip, ...) is answered 415: no parser inflates one, so a small compressed
body never becomes a large one. Pages and the mail webhooks keep Django's limits (docs/security.md, "API").
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from core.parsers import BodyTooLarge, max_body_bytes

API_PREFIX = "/api/"
_READ = 64 * 1024  # bytes asked of a server per read of a chunked body

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
AsgiApp = Callable[[Any, Any, Any], Awaitable[None]]  # (Django's handler types its arguments its own way)


def declared_length(value: str | bytes | None) -> int | None:
    """A Content-Length header's value as a number (None when absent or not a plain count)."""
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    return int(value) if value and value.isascii() and value.isdigit() else None


class AsgiBodyLimit:
    """Wraps the ASGI application: an API request's body as `ApiBodyLimitMiddleware` needs it (module
    docstring). Other requests, and the live streams, pass untouched."""

    def __init__(self, app: AsgiApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one connection's request, its body counted or cut first where it is an API request's."""
        if scope["type"] != "http" or not scope["path"].startswith(API_PREFIX):
            return await self.app(scope, receive, send)
        headers = scope["headers"]
        limit = max_body_bytes()
        if any(name == b"transfer-encoding" for name, _value in headers):
            body, over, gone = await _read_up_to(receive, limit)
            if gone is not None:  # the client went away mid-body: Django's handler is told so, as ever
                return await self.app(scope, _first(gone, receive), send)
            kept = [(n, v) for n, v in headers if n not in (b"transfer-encoding", b"content-length")]
            length = limit + 1 if over else len(body)
            scope = {**scope, "headers": [*kept, (b"content-length", str(length).encode())]}
            return await self.app(scope, _replaying(b"" if over else body, receive), send)
        declared = next((declared_length(v) for n, v in headers if n == b"content-length"), None)
        if declared is not None and declared > limit:
            return await self.app(scope, _replaying(b"", receive), send)  # never read: answered 413 unread
        return await self.app(scope, receive, send)


async def _read_up_to(receive: Receive, limit: int) -> tuple[bytes, bool, Message | None]:
    """The body's bytes, whether it is longer than `limit` (then reading stopped past the limit), and the
    message that ended it early (a disconnect), if one did."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"", False, message
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return b"", True, None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), False, None


def _first(message: Message, receive: Receive) -> Receive:
    """A `receive` that gives `message` first, then what the connection gives."""
    pending = [message]

    async def first() -> Message:
        return pending.pop() if pending else await receive()

    return first


def _replaying(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives `body` as the whole request body, then waits on the connection as before
    (a disconnect is still told to a streaming answer). What is left of a body that was cut or not read
    is dropped as it comes while Django waits for a disconnect (it takes no body after the end); once the
    answer is sent nobody asks, and the server stops reading and closes the connection."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return message

    return replay


class WsgiBodyLimit:
    """Wraps the WSGI application: an API request's chunked body counted, or cut past the limit (module
    docstring). gunicorn takes the chunks off; Django reads no body without a Content-Length."""

    def __init__(self, app: Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        """Serve one request, its chunked body counted first where it is an API request's."""
        if environ.get("HTTP_TRANSFER_ENCODING") and environ.get("PATH_INFO", "").startswith(API_PREFIX):
            limit = max_body_bytes()
            body, over = _read_stream_up_to(environ["wsgi.input"], limit)
            environ.pop("HTTP_TRANSFER_ENCODING")
            environ["CONTENT_LENGTH"] = str(limit + 1 if over else len(body))
            environ["wsgi.input"] = io.BytesIO(b"" if over else body)
        return self.app(environ, start_response)


def _read_stream_up_to(stream: Any, limit: int) -> tuple[bytes, bool]:
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(min(_READ, limit + 1 - size))
        if not chunk:
            return b"".join(chunks), False
        size += len(chunk)
        if size > limit:
            return b"", True
        chunks.append(chunk)


class ApiBodyLimitMiddleware:
    """Before anything reads an API request's body: 413 `body_too_large` past `API_MAX_BODY_BYTES`, 415
    `unsupported_media_type` for a compressed one. Placed after LocaleMiddleware (the message is in the
    reader's language) and inside the request log (the refusal is logged and counted like any answer)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info.startswith(API_PREFIX):
            length = declared_length(request.META.get("CONTENT_LENGTH")) or 0
            if length > max_body_bytes():
                refusal = BodyTooLarge()
                return JsonResponse({"code": refusal.default_code, "message": str(refusal.detail)}, status=413)
            coding = request.META.get("HTTP_CONTENT_ENCODING", "").strip().lower()
            if length and coding not in ("", "identity"):
                message = _("A request body with Content-Encoding {coding} is not accepted: send it uncompressed.")
                return JsonResponse({"code": "unsupported_media_type", "message": message.format(coding=coding[:40])},
                                    status=415)
        return self.get_response(request)

