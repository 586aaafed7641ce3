"""The service behind PgBouncer in transaction mode: the API tests, then the live streams, through a PgBouncer
of this run's own (tests/deploy/pgbouncer.py; deploy/pgbouncer/pgbouncer.ini) in front of 127.0.0.1:5432.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/citadels .venv/bin/python benchmarks/pgbouncer.py
    (`make test-pgbouncer` runs it with --no-live)

1. The API tests (`--api-tests`, default: those that drive the API against PostgreSQL) in one pytest whose
   DATABASE_URL, and so its test database, is reached through PgBouncer, with DATABASE_PREPARED_STATEMENTS=0
   (`--prepared` leaves prepared statements on, to see them fail). Its result and time.
2. benchmarks/live.py's measurement (`--clients` open pages, moves and chat lines posted meanwhile) once per
   entry of `--modes`, `where:fanout`: `direct:redis` has the web processes on PostgreSQL itself,
   `pgbouncer:redis` through PgBouncer, `pgbouncer:postgres` through PgBouncer with the listener's LISTEN
   on a direct connection of its own (`LIVE_DATABASE_URL`: through transaction pooling its notices were
   lost, and the site now refuses to start that way). The moves are posted through the same
   address as the web's. Printed as benchmarks/live.py prints them, plus PgBouncer's server connections.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The checkout first: `live` is the site's app, not benchmarks/live.py (imported by its full name).
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from benchmarks.live import describe, make_games, measure  # noqa: E402
from tests.deploy.pgbouncer import pgbouncer  # noqa: E402
from tests.deploy.test_pgbouncer import POOLED, run_tests_through  # noqa: E402

sys.path.insert(0, str(ROOT))  # (benchmarks/live.py put its own folder first again)
from api import load, port_open, recreate  # noqa: E402
from bench_env import adopt, migrate, server_env  # noqa: E402

API_TESTS = [
    "tests/games/test_api_command_fields.py",
    "tests/games/test_api_darkcity.py",
    "tests/games/test_api_game.py",
    "tests/games/test_api_resignation_final.py",
    "tests/games/test_api_shapes.py",
    "tests/games/test_api_takeback.py",
    "tests/games/test_history_api.py",
    "tests/games/test_lobby_api.py",
    "tests/games/test_concurrency.py",
    "tests/chat/test_chat_api.py",
    "tests/alerts/test_api_and_settings.py",
    "tests/core/test_api_probes.py",
    "tests/tournaments/test_api.py",
    "tests/tournaments/test_league_api.py",
]


def run_api_tests(bouncer: str, tests: list[str], prepared: bool) -> int:
    """The API tests through the bouncer; their summary line and time. The pytest's exit code."""
    started = time.monotonic()
    extra = {"DATABASE_PREPARED_STATEMENTS": "1"} if prepared else {}
    done = run_tests_through(bouncer, tests, f"pgbouncer_bench_{os.getpid()}", extra)
    lines = done.stdout.strip().splitlines()
    failures = [line for line in lines if line.startswith(("FAILED", "ERROR"))]
    print(
        f"API tests through PgBouncer ({len(tests)} files, prepared statements {'on' if prepared else 'off'}): "
        f"{lines[-1] if lines else done.stderr[-500:]} [{time.monotonic() - started:.0f} s]"
    )
    for line in failures[:10]:
        print(f"  {line}")
    return done.returncode


def server_connections(bouncer: str) -> str:
    """PgBouncer's server connections now (SHOW POOLS: active, idle, used, tested, login), and clients."""
    import psycopg

    with psycopg.connect(f"{bouncer}/pgbouncer", autocommit=True, prepare_threshold=None) as admin:
        cursor = psycopg.ClientCursor(admin)
        cursor.execute("SHOW POOLS")
        names = [c.name for c in cursor.description or []]
        rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall() if row[0] != "pgbouncer"]
    servers = sum(r["sv_active"] + r["sv_idle"] + r["sv_used"] + r["sv_tested"] + r["sv_login"] for r in rows)
    clients = sum(r["cl_active"] + r["cl_waiting"] for r in rows)
    return f"PgBouncer: {servers} server connections for {clients} clients"


def live_runs(bouncer: str, args: argparse.Namespace) -> None:
    """benchmarks/live.py's measurement per mode, with the web's (and the poster's) DATABASE_URL through
    PgBouncer or not."""
    direct = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/citadels")
    name = f"{direct.rpartition('/')[2] or 'citadels'}_pgbouncer_live"
    direct = f"{direct.rpartition('/')[0]}/{name}"
    pooled = f"{bouncer}/{name}"
    recreate(direct)
    env = server_env(
        DATABASE_URL=direct,
        DATABASE_POOL_SIZE="20",
        **POOLED,
        LIVE_REDIS_URL="redis://127.0.0.1:6379/13",
        LIVE_CHANNEL=f"live_pgbouncer_{os.getpid()}",
    )
    migrate(env)
    adopt(env, "DATABASE_URL", "LIVE_REDIS_URL", "LIVE_CHANNEL", "DATABASE_PREPARED_STATEMENTS")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.db import connection

    django.setup()
    game_ids = make_games(args.games)
    print(
        f"live streams: uvicorn, {args.workers} workers, DATABASE_POOL_SIZE=20; {args.clients} open pages watching "
        f"{args.games} games; {args.rate:g} moves/s for {args.seconds:.0f} s; {load()}"
    )
    for mode in args.modes.split(","):
        where, fanout = mode.split(":")
        url = pooled if where == "pgbouncer" else direct
        connection.close()
        connection.settings_dict["PORT"] = int(url.rpartition(":")[2].split("/")[0])  # the poster's too
        connection.settings_dict["OPTIONS"] = {}  # (no prepared statements on either)
        if fanout == "redis" and not port_open(6379):
            print(f"  {mode}: not measured (no Redis on 127.0.0.1:6379)")
            continue
        run_env = {**env, "DATABASE_URL": url}
        if where == "pgbouncer" and fanout == "postgres":
            # LISTEN through the pooler hears nothing (the site refuses to start so): the listener's own
            # direct connection, as docs/configuration.md says.
            run_env["LIVE_DATABASE_URL"] = direct
        run = measure(fanout, args, run_env, game_ids, direct)
        print(f"  {where:>9} {describe(run)}", flush=True)
        print(f"            {server_connections(bouncer)}", flush=True)
    connection.close()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--api-tests", nargs="*", default=API_TESTS, help="test files (none: no API tests)")
    parser.add_argument("--prepared", action="store_true", help="the API tests with prepared statements on")
    parser.add_argument("--no-live", action="store_true", help="the API tests only")
    parser.add_argument("--modes", default="direct:redis,pgbouncer:redis,pgbouncer:postgres")
    parser.add_argument("--clients", type=int, default=500, help="open pages (SSE clients)")
    parser.add_argument("--games", type=int, default=100, help="games watched")
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes")
    parser.add_argument("--rate", type=float, default=20, help="moves posted per second (all games)")
    parser.add_argument("--chat-rate", type=float, default=5, help="chat lines said per second (all games)")
    parser.add_argument("--seconds", type=float, default=20, help="how long moves are posted")
    parser.add_argument(
        "--idle", type=float, default=5, help="seconds measured with the pages open and no move"
    )
    # (benchmarks/live.py's measure reads these too)
    parser.add_argument("--posters", type=int, default=3, help="threads posting the moves")
    parser.add_argument(
        "--client-processes", type=int, default=0, help="watcher processes (0: as live.py picks)"
    )
    args = parser.parse_args()
    code = 0
    with pgbouncer(pool_size=10, max_db_connections=20) as bouncer:
        if args.api_tests:
            code = run_api_tests(bouncer, args.api_tests, args.prepared)
        if not args.no_live:
            live_runs(bouncer, args)
    return code


if __name__ == "__main__":
    sys.exit(main())
