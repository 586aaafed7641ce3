"""The scale benchmark's store (benchmarks/scale.py): many games with a real history, written through the store.

Template games are played in-process by the rules' random bots (2-player Citadels and Dominion); each
fixture game copies one template's steps (the setup events, then each command with its events) through
`games.store.append`, with its own command rows, hash chain, snapshots and projection (`store.write_projection`),
inside a `unit_of_work` per batch of games, as the deadline sweep batches its commands. The game and seat
rows are created by `bulk_create` (no service creates games in bulk), the rest only by the store.

The fixture is kept between runs: the table `scale_fixture` records the key it was built for (the newest
games migration and the parameters); `ensure` reuses a database whose key matches and rebuilds it otherwise.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import multiprocessing
import os
import random
import secrets
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

FIXTURE_VERSION = 1
KINDS = ("citadels", "dominion")
USERS = 2000


@dataclass(frozen=True)
class Params:
    """What the fixture holds: `active` running games of about `events` events each, `finished` games
    played to their end, from `templates` template games per kind and state."""

    active: int
    finished: int
    events: int = 100
    templates: int = 100
    seed: int = 1

    def key(self, migration: str) -> str:
        return json.dumps(
            {"version": FIXTURE_VERSION, "migration": migration, **asdict(self)}, sort_keys=True
        )


Step = tuple[
    int | None, dict[str, Any] | None, list[Any]
]  # (seat, command, events); setup: (None, None, events)


@dataclass(frozen=True)
class Template:
    kind: str
    steps: list[Step]
    awaiting: list[int]
    events: int


def play_template(kind: str, rng: random.Random, stop_at: int | None) -> Template:
    """A 2-player game of `kind` by random legal commands: until it has at least `stop_at` events and still
    awaits a seat (None: to its end)."""
    from games.registry import get_kind

    rules = get_kind(kind).rules
    while True:
        setup = rules.setup({}, 2, rng)
        state = rules.fold(setup)
        steps: list[Step] = [(None, None, setup)]
        count = len(setup)
        bot = rules.bots["random"]
        while seats := rules.awaiting(state):
            if stop_at is not None and count >= stop_at:
                return Template(kind, steps, [int(s) for s in seats], count)
            seat = seats[0]
            command = dict(bot(state, seat, rng))
            events = rules.decide(state, seat, command, rng)
            state = rules.fold(events, state)
            steps.append((seat, command, events))
            count += len(events)
        if stop_at is None:
            return Template(kind, steps, [], count)
        # (a game that ended before `stop_at` events: played again)


def templates(params: Params, finished: bool) -> list[Template]:
    """The template games of running (`finished` False) or finished games; none if the fixture has none."""
    if not (params.finished if finished else params.active):
        return []
    rng = random.Random(params.seed * 2 + finished)
    kinds = ("citadels",) if finished else KINDS  # a finished Dominion game has ~1,100 events: Citadels only
    return [
        play_template(kinds[i % len(kinds)], rng, None if finished else params.events)
        for i in range(params.templates)
    ]


def latest_migration() -> str:
    """The newest games migration on disk (a schema change there makes a new fixture)."""
    from django.db.migrations.loader import MigrationLoader

    loader = MigrationLoader(None, ignore_no_migrations=True)
    leaves = sorted(name for app, name in loader.graph.leaf_nodes() if app == "games")
    # The file's content too: a migration changed under the same name (before its commit) is a new schema.
    digest = hashlib.sha256()
    for name in leaves:
        digest.update(Path(inspect.getfile(type(loader.graph.nodes["games", name]))).read_bytes())
    return ",".join(leaves) + ":" + digest.hexdigest()[:12]


def stored_key() -> str | None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass('scale_fixture') IS NOT NULL")
        if not cursor.fetchone()[0]:
            return None
        cursor.execute("SELECT key FROM scale_fixture")
        row = cursor.fetchone()
    return row[0] if row else None


def users() -> list[int]:
    """Make the fixture's players; their ids."""
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from accounts.models import User

    now = timezone.now()
    unusable = make_password(None)
    User.objects.bulk_create(
        [
            User(
                email=f"scale{i}@bench.example",
                display_name=f"scale{i}",
                password=unusable,
                email_verified_at=now,
            )
            for i in range(USERS)
        ],
        batch_size=1000,
    )
    return list(
        User.objects.filter(email__endswith="@bench.example").order_by("pk").values_list("pk", flat=True)
    )


def write_games(chosen: list[Template], user_ids: list[int], first: int) -> int:
    """Create one game per template (its players taken round the pool from `first`) and write each
    template's steps into its log through the store, all in one transaction and unit of work; the events
    written."""
    from django.db import transaction
    from django.utils import timezone

    from games import store, unit_of_work
    from games.models import Command, Game, Seat
    from games.services import PROJECTION_FIELDS

    now = timezone.now()
    with transaction.atomic():
        games = Game.objects.bulk_create(
            [
                Game(
                    kind=t.kind,
                    players=2,
                    status=Game.Status.ACTIVE,
                    created_by_id=user_ids[2 * (first + i) % len(user_ids)],
                    rng_salt=secrets.token_hex(8),
                    started_at=now,
                    rated=False,
                )
                for i, t in enumerate(chosen)
            ]
        )
        seats = {
            game.pk: [user_ids[(2 * (first + i) + s) % len(user_ids)] for s in range(2)]
            for i, game in enumerate(games)
        }
        Seat.objects.bulk_create(
            [Seat(game=g, user_id=u, index=s) for g in games for s, u in enumerate(seats[g.pk])]
        )
        written = 0
        with unit_of_work.unit_of_work([g.pk for g in games]):
            for game, template in zip(games, chosen, strict=True):
                state = None
                for seat, command, events in template.steps:
                    actor = None if seat is None else seats[game.pk][seat]
                    record = (
                        None
                        if command is None
                        else Command(
                            game=game,
                            user_id=actor,
                            seat=seat,
                            idempotency_key=secrets.token_hex(16),
                            command=command,
                            first_seq=game.version + 1,
                            last_seq=game.version + len(events),
                        )
                    )
                    appended, state = store.append(
                        game, state, events, command=record, actor_id=actor, actor_seat=seat, now=now
                    )
                    game.version += len(appended)
                    game.head_hash = appended[-1].hash
                game.awaiting = list(template.awaiting)
                if not template.awaiting:
                    game.status, game.finished_at = Game.Status.FINISHED, now
                store.write_projection(game, 0, PROJECTION_FIELDS, now)
                written += game.version
    return written


def _worker(
    jobs: list[tuple[str, int, int]],
    pools: dict[str, list[Template]],
    user_ids: list[int],
    batch: int,
    stop_at: float,
    results: Any,
) -> None:
    """Write the games of `jobs` ((finished or active, first index, count)) in batches, until `stop_at`, each
    a copy of a random template of its pool."""
    from django.db import connection, connections

    connections.close_all()
    with connection.cursor() as cursor:
        # A bulk load: no wait for the disk at each batch's commit (a batch lost in a crash is built again).
        cursor.execute("SET synchronous_commit = off")
    rng = random.Random(os.getpid())
    written = 0
    for pool, start, n in interleaved(jobs, batch):
        if time.time() > stop_at:
            break
        written += write_games([rng.choice(pools[pool]) for _ in range(n)], user_ids, start)
    connections.close_all()
    results.put(written)


def interleaved(jobs: list[tuple[str, int, int]], batch: int) -> list[tuple[str, int, int]]:
    """The batches (pool, first index, count) of the jobs, the pools' batches spread evenly among each other
    (a build stopped early holds some of each)."""
    batches = [
        [(pool, start, min(batch, first + count - start)) for start in range(first, first + count, batch)]
        for pool, first, count in jobs
    ]
    spread = [(position / len(b), i, item) for i, b in enumerate(batches) for position, item in enumerate(b)]
    return [item for _, _, item in sorted(spread)]


def counts() -> dict[str, int]:
    """The fixture's games there now, running and finished (each batch is written whole or not at all)."""
    from games.models import Game

    ours = Game.objects.filter(
        created_by__email__startswith="scale", created_by__email__endswith="@bench.example"
    )
    return {
        "active": ours.filter(status=Game.Status.ACTIVE).count(),
        "finished": ours.filter(status=Game.Status.FINISHED).count(),
    }


def build(
    params: Params, processes: int, minutes: float, batch: int = 100, log: Any = print
) -> dict[str, float]:
    """Add to the database of the settings (migrated) the fixture's games it lacks, for at most `minutes`;
    the events written and their speed."""
    from django.db import connection, connections

    t0 = time.perf_counter()
    user_ids = fixture_users()
    there = counts()
    t_templates = time.perf_counter()
    active, finished = templates(params, False), templates(params, True)
    log(
        f"  templates: {len(active)} running games ({sum(t.events for t in active) / max(len(active), 1):.0f} events each) "
        f"and {len(finished)} finished ones ({sum(t.events for t in finished) / max(len(finished), 1):.0f} events each) "
        f"played in {time.perf_counter() - t_templates:.1f} s; there already: {there['active']:,} running, "
        f"{there['finished']:,} finished",
        flush=True,
    )
    # Each process takes a share of both kinds of games, so that all finish about together.
    jobs: list[list[tuple[str, int, int]]] = [[] for _ in range(processes)]
    for pool, total in (("active", params.active), ("finished", params.finished)):
        done = there[pool]
        share = -(-(total - done) // processes)
        for p in range(processes):
            first = done + p * share
            if first < total:
                jobs[p].append(
                    (pool, first + (params.active if pool == "finished" else 0), min(share, total - first))
                )
    connections.close_all()
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    stop_at = time.time() + minutes * 60
    workers = [
        context.Process(
            target=_worker,
            args=(job, {"active": active, "finished": finished}, user_ids, batch, stop_at, results),
        )
        for job in jobs
    ]
    t_write = time.perf_counter()
    for worker in workers:
        worker.start()
    events = sum(results.get(timeout=minutes * 60 + 3600) for _ in workers)
    for worker in workers:
        worker.join()
        if worker.exitcode:
            raise RuntimeError(f"a fixture process failed (exit code {worker.exitcode})")
    write_seconds = time.perf_counter() - t_write
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    now = counts()
    return {
        "events": events,
        "seconds": time.perf_counter() - t0,
        "write_seconds": write_seconds,
        "rate": events / write_seconds,
        "complete": now["active"] >= params.active and now["finished"] >= params.finished,
    }


def fixture_users() -> list[int]:
    """The fixture's players (made on the first build)."""
    from accounts.models import User

    found = list(
        User.objects.filter(email__endswith="@bench.example").order_by("pk").values_list("pk", flat=True)
    )
    return found or users()


def mark(params: Params, figures: dict[str, Any]) -> None:
    """Record the key the fixture is built for, whether it is complete, and the time and events of its
    building so far (added up over the runs that built it)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE IF NOT EXISTS scale_fixture (key text NOT NULL, built jsonb NOT NULL, "
            "built_at timestamptz NOT NULL DEFAULT now())"
        )
        cursor.execute("SELECT built FROM scale_fixture WHERE key = %s", [params.key(latest_migration())])
        row = cursor.fetchone()
        before = (json.loads(row[0]) if isinstance(row[0], str) else row[0]) if row else {}
        total = {k: before.get(k, 0) + figures[k] for k in ("events", "seconds", "write_seconds")}
        total["rate"] = total["events"] / max(total["write_seconds"], 1e-9)
        total["complete"] = figures["complete"]
        cursor.execute("DELETE FROM scale_fixture")
        cursor.execute(
            "INSERT INTO scale_fixture (key, built) VALUES (%s, %s)",
            [params.key(latest_migration()), json.dumps(total)],
        )


def remark(params: Params) -> None:
    """File the fixture under the key of the migrations there now (after migrating it forward)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("UPDATE scale_fixture SET key = %s", [params.key(latest_migration())])


def built_figures() -> dict[str, Any]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT built, built_at FROM scale_fixture")
        built, at = cursor.fetchone()
    return {
        **(json.loads(built) if isinstance(built, str) else built),
        "built_at": at.isoformat(timespec="minutes"),
    }
