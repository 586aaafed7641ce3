"""Reads of the pages that may lag a little (the lobby, profiles, a game's history and the leaderboards) from
a read replica, when one is configured (`DATABASES["replica"]`); every other read and every write from the
primary.

Two parts: `LaggingPagesMiddleware`, the last of the middleware, marks a request to one of those pages
(by its path, before the view: the session and the signed-in user were read from the primary already);
`ReplicaRouter` sends the reads made while a request is marked to the replica. Writes always go to the
primary, also for a row read from the replica (Django would otherwise save it where it was read).
Migrations run on the primary only (the replica follows its WAL).

Why only these: a replica lags the primary by the time its WAL takes to arrive (milliseconds on one host,
more under load). A table, a command, a sign-in must see their own writes; the lobby or a profile that is
a moment old is not wrong (the lobby's live stream tells of any change after its mark). The API's token
authentication runs inside the view, so the API stays on the primary altogether (a token just made must
work at once).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

REPLICA = "replica"
# The web pages whose reads may come from the replica (their paths; the API is left out, see above).
LAGGING_PAGES = re.compile(
    r"^/(?:"
    r"|players/\d+/(?:numbers)?"  # the lobby (the home page), a player's profile and numbers
    r"|games/\d+/history"  # a game's earlier rounds (the replay's pages)
    r"|leaderboards/(?:[\w-]+/)?"  # the leaderboards
    r")$"
)

_replica_reads: ContextVar[bool] = ContextVar("replica_reads", default=False)


def replica_configured() -> bool:
    """Whether the settings name a replica."""
    return REPLICA in settings.DATABASES


class LaggingPagesMiddleware:
    """Marks the requests to `LAGGING_PAGES` for the router, for as long as the request runs (the view and the
    rendering of its template). Last in MIDDLEWARE: the middleware before it reads from the primary."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.enabled = replica_configured()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not (
            self.enabled and request.method in ("GET", "HEAD") and LAGGING_PAGES.match(request.path_info)
        ):
            return self.get_response(request)
        token = _replica_reads.set(True)
        try:
            return self.get_response(request)
        finally:
            _replica_reads.reset(token)


class ReplicaRouter:
    """DATABASE_ROUTERS: a marked request's reads from the replica; everything else from the primary."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str | None:
        return REPLICA if _replica_reads.get() and replica_configured() else "default"

    def db_for_write(self, model: type[Any], **hints: Any) -> str:
        return "default"

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True  # the same rows on both

    def allow_migrate(self, db: str, app_label: str, model_name: str | None = None, **hints: Any) -> bool:
        return db == "default"
