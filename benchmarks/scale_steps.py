"""The in-process steps of benchmarks/scale.py, each on the database of DATABASE_URL (one Django per process):

    python benchmarks/scale_steps.py fixture '{"active": 100000, "finished": 10000}' PROCESSES POOL MINUTES
    python benchmarks/scale_steps.py explain

`fixture` makes sure the database holds the fixture of these parameters (reused when its key matches, else
built afresh, or built on where an earlier run stopped after MINUTES: benchmarks/scale_fixture.py) and signs in one seated player of each of POOL random running
games; `explain` checks the plans of one command and one table page (benchmarks/scale_explain.py). Each
prints what it did and, as its last line, its answer as JSON (exit status 1: `explain` found problems).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def _database_exists(url: str) -> bool:
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        return conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is not None


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def fixture(size: dict[str, int], processes: int, pool: int, minutes: float) -> dict[str, Any]:
    import scale_fixture
    from api import load, recreate
    from django.core.management import call_command
    from django.db import connections

    url = os.environ["DATABASE_URL"]
    if not _database_exists(url):
        recreate(url)
    _setup()
    params = scale_fixture.Params(**size)
    wanted = params.key(scale_fixture.latest_migration())
    found = scale_fixture.stored_key()
    if found is not None and found != wanted and _same_but_schema(found, wanted):
        # Only newer migrations: the fixture is migrated forward, as a production store is.
        call_command("migrate", verbosity=0)
        scale_fixture.remark(params)
        print(f"  migrated the fixture from {json.loads(found)['migration']} to {json.loads(wanted)['migration']}",
              flush=True)
        found = wanted
    if found != wanted:
        print(
            f"  a new fixture ({'none there' if found is None else 'the one there was built for ' + found})",
            flush=True,
        )
        connections.close_all()
        recreate(url)
        call_command("migrate", verbosity=0)
        scale_fixture.mark(params, {"events": 0, "seconds": 0, "write_seconds": 0, "complete": False})
    if not scale_fixture.built_figures()["complete"] and minutes > 0:
        print(
            f"  building: {params.active:,} running and {params.finished:,} finished games, {processes} processes, "
            f"for at most {minutes:.0f} minutes  ({load()})",
            flush=True,
        )
        built = scale_fixture.build(params, processes, minutes)
        scale_fixture.mark(params, built)
        print(
            f"  this run wrote {built['events']:,.0f} events in {built['write_seconds']:.0f} s: {built['rate']:,.0f} "
            f"events/s through the store  ({load()})",
            flush=True,
        )
    archived = cold()
    figures = scale_fixture.built_figures()
    print(
        f"  {describe()}; {'complete' if figures['complete'] else 'NOT COMPLETE (run again to go on building)'}: "
        f"{figures['events']:,.0f} events written in {figures['write_seconds']:.0f} s of building "
        f"({figures['rate']:,.0f} events/s through the store), last {figures['built_at']}",
        flush=True,
    )
    return {"pool": sessions(pool), "built": figures, "archived": archived}


def _same_but_schema(found: str, wanted: str) -> bool:
    """Whether the fixture's key differs from the wanted one in its migrations only, all of which are still
    there (so that migrating it forward gives the schema a fresh build would have)."""
    from django.db import connection
    from django.db.migrations.recorder import MigrationRecorder

    old, new = json.loads(found), json.loads(wanted)
    if {k: v for k, v in old.items() if k != "migration"} != {k: v for k, v in new.items() if k != "migration"}:
        return False
    applied = {name for app, name in MigrationRecorder(connection).applied_migrations() if app == "games"}
    on_disk = {path.stem for path in (ROOT / "games" / "migrations").glob("0*.py")}
    return applied <= on_disk


def cold() -> int:
    """Move the finished games' rows to the cold partitions (`games.archive`, at once: the fixture's games
    ended when it was built); the games moved now."""
    from datetime import timedelta

    from games import archive

    t0 = time.perf_counter()
    report = archive.archive_finished(timedelta(0))
    if report.games:
        from django.db import connection

        # The planner's figures of the partitions the rows moved between (autovacuum would get there later:
        # without it the cold partition's estimates were a guess, 1,123 rows for 40 keys).
        with connection.cursor() as cursor:
            for table in ("games_event", "games_command", "games_snapshot"):
                cursor.execute(f"ANALYZE {table}_hot, {table}_cold")
        print(f"  archived {len(report.games):,} finished games cold ({sum(report.rows.values()):,} rows) in "
              f"{time.perf_counter() - t0:.0f} s", flush=True)
    return len(report.games)


def describe() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT status, count(*) FROM games_game GROUP BY status ORDER BY status")
        games = ", ".join(f"{n:,} {status}" for status, n in cursor.fetchall())
        # (the planner's count: a count(*) of ten million rows would take a while; partitions added up)
        cursor.execute("SELECT sum(greatest(reltuples, 0))::bigint FROM pg_class WHERE relkind = 'r' "
                       "AND relname IN ('games_event', 'games_event_hot', 'games_event_cold')")
        events = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FILTER (WHERE archived), count(*) FROM games_game g JOIN LATERAL "
                       "(SELECT archived FROM games_event e WHERE e.game_id = g.id ORDER BY seq DESC LIMIT 1) e ON true "
                       "WHERE g.status = 'finished'")
        cold_games, finished = cursor.fetchone()
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
    return f"{games} games ({cold_games:,} of {finished:,} finished ones cold), ~{events:,} events, {size}"


def sessions(pool: int) -> list[list[Any]]:
    """[game id, session key] of one seated player of each of `pool` random running games."""
    from django.test import Client

    from accounts.models import User
    from games.models import Game, Seat

    ids = list(Game.objects.filter(status=Game.Status.ACTIVE, version__gt=0).values_list("pk", flat=True))
    chosen = random.Random(time.time()).sample(ids, min(pool, len(ids)))
    seated = dict(Seat.objects.filter(game_id__in=chosen, index=0).values_list("game_id", "user_id"))
    keys: dict[int, str] = {}
    for user in User.objects.filter(pk__in=set(seated.values())):
        client = Client()
        client.force_login(user)
        keys[user.pk] = client.cookies["sessionid"].value
    return [[game_id, keys[seated[game_id]]] for game_id in chosen]


def explain() -> dict[str, Any]:
    _setup()
    import scale_explain

    from games.models import Game

    ids = list(
        Game.objects.filter(status=Game.Status.ACTIVE, version__gte=90).values_list("pk", flat=True)[:5000]
    )
    game_id = random.Random().choice(ids)
    statements = scale_explain.command_and_page(game_id)
    print(
        f"  game {game_id}: {len(statements)} statements ({sum(1 for _, s in statements if scale_explain.explainable(s))} EXPLAINed)"
    )
    found = scale_explain.check(statements)
    if found:
        print(f"\n  !!! FLAT COST VIOLATED: {len(found)} problems", flush=True)
        for problem in found:
            print(f"  !!! {problem}")
    else:
        print("  flat: no Seq Scan of the games' tables, no plan reading a game's whole log or all games")
    return {"problems": found}


def main() -> int:
    name = sys.argv[1]
    if name == "fixture":
        answer = fixture(json.loads(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))
    elif name == "explain":
        answer = explain()
    else:
        sys.exit(f"unknown step {name}")
    print(json.dumps(answer, default=str))
    return 1 if answer.get("problems") else 0


if __name__ == "__main__":
    sys.exit(main())
