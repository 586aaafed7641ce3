"""The service behind PgBouncer in transaction mode (deploy/pgbouncer/pgbouncer.ini; docs/deployment.md).

What transaction pooling takes away, each shown on a PgBouncer of this test's own (tests/deploy/pgbouncer.py)
so that the settings that answer it are not folklore: a prepared statement, a cursor WITH HOLD and a
LISTEN all belong to one server connection, which a client keeps only until its transaction ends. Then the
service itself through it: the deployment's units (uvicorn, the Celery worker and beat) play a short game
with DATABASE_URL at PgBouncer, and the API's concurrency and lobby tests pass on a test database reached
through it (the whole API suite: `make test-pgbouncer`, benchmarks/pgbouncer.py).

PgBouncer must be installed (`apt-get install -y pgbouncer`, which `.ci/services` does): without it these
tests fail and say so, they do not skip.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from . import test_deployment
from .databases import fresh_database, need_services
from .pgbouncer import ROOT, pgbouncer

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

# Behind a pooler in transaction mode (docs/configuration.md; DATABASE_TRANSACTION_POOLING as requested in
# /work/notes/requests-infra.md, which also turns server-side cursors off).
POOLED = {"DATABASE_PREPARED_STATEMENTS": "0", "DATABASE_TRANSACTION_POOLING": "1"}
# The API tests the suite runs through PgBouncer: real transactions racing from several threads, and the
# lobby over HTTP (the rest in `make test-pgbouncer`).
API_TESTS = ["tests/games/test_concurrency.py", "tests/games/test_lobby_api.py"]


def test_prepared_statements_collide_on_a_shared_server_connection() -> None:
    """psycopg names its prepared statements per client connection (_pg3_0, ...): two clients on one server
    connection both prepare `_pg3_0` there. Hence DATABASE_PREPARED_STATEMENTS=0 behind PgBouncer 1.18."""
    need_services()
    with pgbouncer(pool_size=1, max_db_connections=1) as bouncer:
        url = f"{bouncer}/postgres"
        with psycopg.connect(url, autocommit=True) as first, psycopg.connect(url, autocommit=True) as second:
            first.execute("SELECT 1", prepare=True)
            with pytest.raises(psycopg.errors.DuplicatePreparedStatement):
                second.execute("SELECT 2", prepare=True)
        # Unprepared (client-side binding, what Django does with the setting off), the same two are fine.
        with psycopg.connect(url, autocommit=True) as first, psycopg.connect(url, autocommit=True) as second:
            assert first.execute("SELECT 1", prepare=False).fetchone() == (1,)
            assert second.execute("SELECT 2", prepare=False).fetchone() == (2,)


def test_a_cursor_with_hold_is_lost_when_the_next_fetch_gets_another_server_connection() -> None:
    """Django's `.iterator()` outside a transaction declares a cursor WITH HOLD and fetches from it in
    later transactions: behind PgBouncer a FETCH may reach a server connection that has no such cursor.
    Hence DISABLE_SERVER_SIDE_CURSORS (docs/deployment.md)."""
    need_services()
    with pgbouncer(pool_size=2, max_db_connections=2) as bouncer:
        url = f"{bouncer}/postgres"
        with psycopg.connect(url, autocommit=True) as reader, psycopg.connect(url) as other:
            cursor = reader.cursor(name="rows", withhold=True)
            cursor.execute(
                "SELECT generate_series(1, 10)"
            )  # DECLARE ... WITH HOLD on the only server connection
            assert cursor.fetchmany(2) == [(1,), (2,)]
            other.execute("SELECT 1")  # a transaction left open holds that connection
            with pytest.raises(psycopg.errors.InvalidCursorName):
                cursor.fetchmany(2)  # on a second server connection
            other.rollback()


def test_a_session_setting_outlives_its_client_on_the_server_connection() -> None:
    """A SET outside a transaction (notifications/delivery.py's `synchronous_commit TO OFF` for a batch of
    mails) stays on the server connection, which the next client gets (a command's commit would then not
    wait for the disk); its RESET may reach another one. PgBouncer tracks only a few parameters (TimeZone,
    client_encoding, application_name, ...), not this one."""
    need_services()
    with pgbouncer(pool_size=1, max_db_connections=1) as bouncer:
        url = f"{bouncer}/postgres"
        with psycopg.connect(url, autocommit=True) as sender, psycopg.connect(url, autocommit=True) as other:
            sender.execute("SET synchronous_commit TO OFF")
            assert other.execute("SHOW synchronous_commit").fetchone() == ("off",)
            sender.execute("SET TIME ZONE 'Europe/Berlin'")  # tracked: set again for each client
            assert other.execute("SHOW TimeZone").fetchone() != ("Europe/Berlin",)
            sender.execute("RESET synchronous_commit")


def test_listen_hears_nothing_through_pgbouncer_and_a_direct_listener_does() -> None:
    """The live fan-out's LISTEN (live/fanout.py) stays on the server connection it ran on, which PgBouncer
    gives to the next client: the notice goes to whoever holds it then. The listener needs a connection of
    its own to PostgreSQL (or LIVE_FANOUT=redis)."""
    need_services()
    with pgbouncer(pool_size=1, max_db_connections=1) as bouncer:
        pooled = psycopg.connect(f"{bouncer}/postgres", autocommit=True)
        direct = psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True)
        with pooled, direct, psycopg.connect(f"{bouncer}/postgres", autocommit=True) as sender:
            for listener in (pooled, direct):
                listener.execute("LISTEN pgbouncer_test")
            sender.execute("NOTIFY pgbouncer_test, 'version 7'")
            assert _notices(direct) == ["version 7"]
            assert _notices(pooled) == []


def _notices(conn: psycopg.Connection, seconds: float = 2.0) -> list[str]:
    """The notices that reach `conn` within `seconds` (at most one is sent)."""
    return [note.payload for note in conn.notifies(timeout=seconds, stop_after=1)]


def test_the_units_run_the_site_and_a_short_game_through_pgbouncer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tests/deploy/test_deployment.py's run (migrate, uvicorn with two workers and a connection pool, the
    Celery worker and beat; sign-ups, the worker's mails, a short game) with every process's DATABASE_URL at
    PgBouncer, the settings behind a pooler set and the live notices through Redis."""
    need_services()
    environment_file = test_deployment.environment_file
    monkeypatch.setattr(
        test_deployment, "environment_file", lambda: {**environment_file(), **POOLED, "LIVE_FANOUT": "redis"}
    )
    with fresh_database("pgbouncer") as direct, pgbouncer() as bouncer:
        test_deployment._run_and_play(tmp_path, f"{bouncer}/{direct.rpartition('/')[2]}")


def test_the_api_concurrency_and_lobby_tests_pass_through_pgbouncer() -> None:
    """The tests of API_TESTS in a pytest of their own, whose DATABASE_URL (and so its test database) is
    reached through PgBouncer."""
    need_services()
    with pgbouncer() as bouncer:
        done = run_tests_through(bouncer, API_TESTS, f"pgbouncer_api_{os.getpid()}")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and " skipped" not in done.stdout, done.stdout[-3000:]


def run_tests_through(
    bouncer: str, tests: list[str], database: str, extra: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """pytest on `tests` (one process) with DATABASE_URL through the bouncer at `bouncer`; the plugin lets
    PgBouncer drop its connections to the test database before pytest-django drops it."""
    env = {
        **os.environ,
        "DATABASE_URL": f"{bouncer}/{database}",
        "PYTHONPATH": str(ROOT),
        **POOLED,
        **(extra or {}),
    }
    env.pop("PYTEST_XDIST_WORKER", None)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:xdist",
        "-p",
        "tests.deploy.pgbouncer_plugin",
        "-q",
        *tests,
    ]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
