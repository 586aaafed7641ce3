"""core/db_router.py: only the lagging pages' reads go to the replica, only while their request runs, only when
a replica is configured; writes and migrations stay on the primary."""

from __future__ import annotations

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from accounts.models import User
from core.db_router import LAGGING_PAGES, LaggingPagesMiddleware, ReplicaRouter

ROUTER = ReplicaRouter()


@pytest.fixture
def with_replica(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if DATABASES named a replica (none is connected to: the router only names the alias)."""
    monkeypatch.setattr("core.db_router.replica_configured", lambda: True)


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/players/3/",
        "/players/3/numbers",
        "/games/5/history",
        "/leaderboards/",
        "/leaderboards/citadels/",
    ],
)
def test_the_lagging_pages(path: str) -> None:
    assert LAGGING_PAGES.match(path)


@pytest.mark.parametrize(
    "path",
    [
        "/games/5/",
        "/games/5/move",
        "/api/players/3/",
        "/api/games/5/history",
        "/games/5/live",
        "/accounts/login/",
        "/players/3/x",
    ],
)
def test_pages_that_must_see_their_own_writes(path: str) -> None:
    assert not LAGGING_PAGES.match(path)


def _reads_during(method: str, path: str) -> str:
    """Where the router sends a read made inside the view of this request."""
    seen: list[str] = []

    def view(request: HttpRequest) -> HttpResponse:
        seen.append(ROUTER.db_for_read(User) or "default")
        return HttpResponse()

    LaggingPagesMiddleware(view)(getattr(RequestFactory(), method.lower())(path))
    return seen[0]


def test_a_lagging_page_reads_from_the_replica_while_it_runs(with_replica: None) -> None:
    assert _reads_during("GET", "/players/3/") == "replica"
    assert ROUTER.db_for_read(User) == "default"  # after the request
    assert _reads_during("GET", "/games/5/history") == "replica"
    assert _reads_during("POST", "/players/3/") == "default"
    assert _reads_during("GET", "/games/5/") == "default"


def test_without_a_replica_everything_is_read_from_the_primary() -> None:
    assert _reads_during("GET", "/players/3/") == "default"


def test_writes_and_migrations_stay_on_the_primary(with_replica: None) -> None:
    assert ROUTER.db_for_write(User) == "default"
    assert ROUTER.allow_migrate("default", "games") and not ROUTER.allow_migrate("replica", "games")
