"""Fixtures shared by the hosting tests (tests/games, tests/accounts).

The database is whatever DATABASE_URL names: the Makefile runs the suite on PostgreSQL and the hosting
tests again on SQLite.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

_counter = itertools.count()


@pytest.fixture(scope="session", autouse=True)
def _static_root() -> None:
    """STATIC_ROOT exists, as `manage.py collectstatic` leaves it in production: WhiteNoise warns at each
    start of its middleware when it is missing (a checkout whose var/ was made before var/static was). The
    tests serve the static files through the finders, so the folder may stay empty."""
    from django.conf import settings

    Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)


@pytest.fixture(scope="session", autouse=True)
def _tasks_stay_in_the_test_process() -> None:
    """Tasks a test sends (after a commit) go to an in-memory broker of its own: on the embedded default
    (kombu's filesystem transport in var/celery/) they were left for `make run`'s worker, which took one a
    second. The tests of real workers point the app at a real broker themselves."""
    from config.celery import app

    app.conf.update(broker_url="memory://localhost/", broker_transport_options={})  # (before any task is sent)


@pytest.fixture(autouse=True)
def _fast_hashing_and_clean_cache(settings: Any) -> Iterator[None]:
    """Cheap password hashing in tests, and no state carried between tests by the state cache."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ACCOUNTS_ASYNC_MAIL = False  # mails straight into mail.outbox; the Celery path has its own test
    # The waiting room's emails are tested in tests/games (test_waiting_room.py); the older tests count the mails without them.
    settings.NOTIFICATIONS_TABLE_EMAILS = False
    from django.core.cache import cache

    from games import store

    store.state_cache.clear()
    cache.clear()  # rate-limit counters
    yield
    store.state_cache.clear()
    cache.clear()


@pytest.fixture
def make_user(db: None) -> Callable[..., Any]:
    """Create a player directly in the database (for tests that are not about registration)."""
    from accounts.models import User

    def make(name: str | None = None, **fields: Any) -> User:
        n = next(_counter)
        name = name or f"player{n}"
        return User.objects.create_user(
            email=f"{name}-{n}@example.org", password="a-long-secret-pw-1", display_name=name, **fields
        )

    return make


@pytest.fixture
def api_client() -> Callable[..., APIClient]:
    """An API client, authenticated with the user's token when one is given."""

    def client(user: Any = None) -> APIClient:
        from rest_framework.authtoken.models import Token

        c = APIClient(raise_request_exception=False)
        if user is not None:
            token, _ = Token.objects.get_or_create(user=user)
            c.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return c

    return client
