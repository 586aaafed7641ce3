"""One log line per request (method, path, status, duration, request id, user id, and the game id when the
URL names one), and the request id: the client's or proxy's `X-Request-ID` when it is sane
(`json_logs.sane_request_id`), else a new one; returned in the answer's `X-Request-ID` and bound to the log
context while the request is served, so every line it logs, and every task it starts
(`config.celery_signals`), carries it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse

from core import json_logs
from core.log_secrets import mask

logger = logging.getLogger("pbe.requests")
HEADER = "X-Request-ID"


def user_id(request: HttpRequest) -> int | None:
    """The signed-in user's id (a session's or an API token's: DRF sets it on the request), if any."""
    user: Any = getattr(request, "user", None)
    return user.pk if user is not None and user.is_authenticated else None


def game_id(request: HttpRequest) -> int | None:
    """The game the URL names (every game URL calls its id `game_id`)."""
    match = getattr(request, "resolver_match", None)
    value = match.kwargs.get("game_id") if match is not None else None
    return value if isinstance(value, int) else None


class RequestLogMiddleware:
    """Outermost: binds the request id, then logs the answered request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = json_logs.sane_request_id(request.headers.get(HEADER)) or json_logs.new_request_id()
        request.request_id = request_id  # type: ignore[attr-defined]
        token = json_logs.bind(request_id=request_id)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response[HEADER] = request_id
            path = mask(request.path)  # a link's token is no one's to read in the logs (core.log_secrets)
            logger.info("%s %s %s", request.method, path, response.status_code, extra={
                "method": request.method, "path": path, "status": response.status_code,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                "user_id": user_id(request), "game_id": game_id(request),
            })
            return response
        finally:
            json_logs.unbind(token)
