"""A pytest plugin for a test run whose DATABASE_URL goes through PgBouncer (`-p tests.deploy.pgbouncer_plugin`,
as tests/deploy/test_pgbouncer.py runs the API tests): before pytest-django drops the test database, PgBouncer
is told to close its server connections to it (its admin console's KILL). Without it the DROP DATABASE of
Django's test runner (no FORCE) failed: 'database "test_..." is being accessed by other users' (PgBouncer
keeps idle server connections in its pool for `server_idle_timeout`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session", autouse=True)
def _pgbouncer_lets_the_test_database_go(django_db_setup: Any, django_db_blocker: Any) -> Iterator[None]:
    """After the last test (and before django_db_setup's teardown drops the database): KILL it in PgBouncer."""
    yield
    import psycopg
    from django.db import connections

    settings = connections["default"].settings_dict
    with django_db_blocker.unblock():
        connections.close_all()
    admin = psycopg.connect(
        host=settings["HOST"],
        port=int(settings["PORT"]),
        user=settings["USER"] or "postgres",
        dbname="pgbouncer",
        autocommit=True,
        prepare_threshold=None,
    )
    with admin:
        # The admin console speaks the simple query protocol only: a client-side cursor's statement.
        psycopg.ClientCursor(admin).execute(f"KILL {settings['NAME']}")
