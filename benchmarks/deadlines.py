"""Deadline sweep and outbox delivery at scale, measured on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/citadels .venv/bin/python benchmarks/deadlines.py
    ... benchmarks/deadlines.py --games 1000000 --due 10000 --sweepers 2 --sweep-only --template

1. `--games` active games (100,000), `--due` of them past their deadline (1,000): the time for `--sweepers`
   processes running `enforce_due_deadlines()` (the beat task's body; SKIP LOCKED shares the due games among
   them) to enforce them all, each through the ordinary command path with the bot, each writing its events,
   the next seat's deadline and the outbox rows (reminder, timeout and your-turn emails). The due games are
   real 4-player Citadels games made through the services (create, join, start: each awaits its first
   draft pick). The other games are plain rows of `games_game` (no seats, no log) with deadlines in the
   future, inserted by one `INSERT ... SELECT` from a prototype row: the indexed `deadline_at` lets the
   sweep never look at them, which is what they are there to show. Then it checks that every due deadline
   was enforced exactly once (one service command per game, no game by two sweepers, none left due).
2. Outbox delivery: the rows that sweep wrote, rendered and sent by `--senders` processes
   (`deliver_pending`: a batch claimed with SKIP LOCKED, rendered at delivery, one SMTP connection per
   batch) to a local aiosmtpd server, in mails/s and CPU time per mail (senders, server); then it checks
   every mail arrived exactly once.

`--bank` gives the real games time banks (3 days, 1 more a decision, at most 7) instead of a time per
decision: their awaited seat's bank runs out a minute ago, and each enforcement also pays the banks.

The setup is not measured and made fast: the real games are made by `--setup-workers` processes whose
connections commit without waiting for the disk (`synchronous_commit = off`, their sessions only: the
sweepers' and senders' connections commit as in production). `--template` keeps the set-up database as
`<name>_dl_<games>_<due>[_bank]_<hash of the setup's code>` and clones each later run from it (its due
games' deadlines set to a minute ago again): 10,000 real games take minutes to make, a clone seconds.
`--drop-template` drops it at the end. Celery's tasks (the outbox's delivery, an absent seat's turn) go to
an in-memory broker nobody reads: the benchmark sweeps and delivers itself.

`--profile` prints where one sweeper's time goes instead (in-process, cProfile). Each figure comes with
the machine's load: other processes on the same cores make them noisy. It works in a database of its own
(`<name>_deadlines_bench`), created afresh and dropped at the end.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _bench_database_url() -> str:
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/citadels")
    if not url.startswith("postgres"):
        sys.exit("benchmarks/deadlines.py measures PostgreSQL: set DATABASE_URL=postgres://...")
    base, _, name = url.rpartition("/")
    return f"{base}/{name or 'citadels'}_deadlines_bench"


def _admin(url: str) -> Any:
    import psycopg

    base, _, _name = url.rpartition("/")
    return psycopg.connect(f"{base}/postgres", autocommit=True)


def _recreate(url: str, template: str | None = None) -> None:
    name = url.rpartition("/")[2]
    with _admin(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        # FILE_COPY: the template's files copied (seconds for a million games), not written through the WAL.
        conn.execute(
            f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}" STRATEGY FILE_COPY' if template else "")
        )


def _drop(url: str) -> None:
    name = url.rpartition("/")[2]
    with _admin(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _exists(url: str) -> bool:
    with _admin(url) as conn:
        return (
            conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [url.rpartition("/")[2]]).fetchone()
            is not None
        )


def _template_url(url: str, args: argparse.Namespace) -> str:
    """The kept set-up database of these arguments and this setup's code (a hash of it: changed code makes
    another template; a migration added since is applied to each clone)."""
    import hashlib

    digest = hashlib.sha256(inspect_source().encode())
    base, _, name = url.rpartition("/")
    name = name.removesuffix("_deadlines_bench")
    return f"{base}/{name}_dl_{args.games}_{args.due}{'_bank' if args.bank else ''}_{digest.hexdigest()[:8]}"


def inspect_source() -> str:
    """The setup's own code (part of the template's key)."""
    import inspect

    return "".join(inspect.getsource(f) for f in (_setup, _real_games, _make_games, _background_games))


def load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100_000, help="active games in all")
    parser.add_argument(
        "--due", type=int, default=1000, help="of them past their deadline (real 4-player games)"
    )
    parser.add_argument("--sweepers", type=int, default=4, help="sweeper processes")
    parser.add_argument("--senders", type=int, default=4, help="outbox sender processes")
    parser.add_argument("--batch", type=int, default=50, help="mails per claimed batch (one SMTP connection)")
    parser.add_argument("--profile", action="store_true", help="profile one sweeper in-process instead")
    parser.add_argument("--sweep-only", action="store_true", help="measure the sweep, not the delivery")
    parser.add_argument(
        "--bank", action="store_true", help="the real games run time banks, not a time per decision"
    )
    parser.add_argument("--setup-workers", type=int, default=2, help="processes making the real games")
    parser.add_argument(
        "--template", action="store_true", help="keep the set-up database and clone runs from it"
    )
    parser.add_argument(
        "--drop-template", action="store_true", help="drop the kept set-up database at the end"
    )
    args = parser.parse_args()
    url = _bench_database_url()
    template = _template_url(url, args) if args.template or args.drop_template else None
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"
    os.environ["CELERY_BROKER_URL"] = "memory://"
    os.environ["LOG_LEVEL"] = "WARNING"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections

    # Tasks are not run here: the benchmark sweeps and delivers itself (the outbox's rows wait for it).
    from config.celery import app

    app.conf.task_always_eager = False
    # As in production: no query log (with DEBUG on, Django formats every statement's SQL for it).
    settings.DEBUG = False
    print(
        f"PostgreSQL: {args.games} active games, {args.due} due; {args.sweepers} sweepers, {args.senders} senders"
        + ("; time banks" if args.bank else "")
    )
    try:
        if template is not None and args.template and _exists(template):
            print(f"  cloning the set-up database {template.rpartition('/')[2]}")
            _recreate(url, template.rpartition("/")[2])
            call_command("migrate", verbosity=0)
            real = _redate(args.bank)
        else:
            target = template if template is not None and args.template else url
            _recreate(target)
            _use_database(target)
            try:
                call_command("migrate", verbosity=0)
                _setup(args.games, args.due, args.setup_workers, args.bank)
            except BaseException:
                connections.close_all()
                _drop(target)  # never a half-made template
                raise
            if target != url:
                connections.close_all()
                _recreate(url, target.rpartition("/")[2])
                _use_database(url)
            real = _redate(args.bank)
        run(args, real)
    finally:
        connections.close_all()
        _drop(url)
        if template is not None and args.drop_template:
            _drop(template)


def _use_database(url: str) -> None:
    """Point this process's connection (and its children's) at the database of `url`."""
    from django.db import connections

    connections.close_all()
    connections["default"].settings_dict["NAME"] = url.rpartition("/")[2]


BANK = {"mode": "bank", "initial_hours": 72, "increment_hours": 24, "max_bank_hours": 168}
# The background games' deadlines are this far ahead and later (a kept template older than that is made anew).
BACKGROUND_AHEAD = timedelta(days=7)


def _setup(total: int, due: int, workers: int, bank: bool) -> None:
    """`due` real started games (through the services) and `total - due` plain rows, none of them due yet."""
    from django.db import connection
    from django.utils import timezone

    from accounts.models import User
    from notifications.models import Outbox

    now = timezone.now()
    for i in range(4):
        User.objects.create_user(
            email=f"bench{i}@example.org",
            password=None,
            display_name=f"bench{i}",
            language="de" if i % 2 else "en",
            email_verified_at=now,
        )
    t0 = time.perf_counter()
    made = _real_games(due, workers, bank)
    print(
        f"  set up {made} started games in {time.perf_counter() - t0:.1f} s ({workers} processes, {load()})"
    )
    t0 = time.perf_counter()
    _background_games(total - due, now + BACKGROUND_AHEAD)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE games_game")
    Outbox.objects.all().delete()
    print(f"  inserted {total - due} more active games in {time.perf_counter() - t0:.1f} s")


def _real_games(due: int, workers: int, bank: bool) -> int:
    """Make `due` 4-player games through the services (create, 3 joins, start) in `workers` processes."""
    shares = [(due * (i + 1) // workers - due * i // workers, bank) for i in range(workers)]
    counts, _elapsed = _in_parallel(_make_games, workers, each=shares)
    return sum(counts)


def _make_games(count: int, bank: bool, results: Any) -> None:
    """A setup process: its share of the real games, committed without waiting for the disk."""
    from django.db import connection, connections

    from accounts.models import User
    from games import services

    connections.close_all()
    with connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit TO off")
    users = list(User.objects.filter(email__startswith="bench").order_by("email"))
    made = 0
    for _ in range(count):
        game = services.create_game(users[0], "citadels", 4, time_control=BANK if bank else None)
        for user in users[1:]:
            services.join_game(user, game.pk)
        services.start_game(users[0], game.pk)
        made += 1
    connections.close_all()
    results.put(made)


def _background_games(count: int, ahead: Any) -> None:
    """`count` plain active rows (no seats, no log) awaiting seat 0, deadlines from `ahead` on, spread over
    3 days: one row made by the ORM, copied by one `INSERT ... SELECT` (a million rows in seconds)."""
    import secrets

    from django.db import connection

    from accounts.models import User
    from games.models import Game

    if count <= 0:
        return
    user = User.objects.get(email="bench0@example.org")
    proto = Game.objects.create(
        kind="citadels",
        players=4,
        status=Game.Status.ACTIVE,
        awaiting=[0],
        version=1,
        created_by=user,
        rng_salt=secrets.token_hex(8),
        deadline_at=ahead,
        deadline_version=1,
    )
    columns = [f.column for f in Game._meta.concrete_fields if not f.primary_key]
    made = {
        "deadline_at": "p.deadline_at + mod(i, 3 * 24 * 60) * interval '1 minute'",
        "rng_salt": "substr(md5(i::text || random()::text), 1, 16)",
    }
    select = ", ".join(made.get(c, f"p.{c}") for c in columns)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO games_game ({', '.join(columns)}) SELECT {select} "
            "FROM games_game p, generate_series(2, %s) i WHERE p.id = %s",
            [count, proto.pk],
        )


def _redate(bank: bool) -> list[int]:
    """The real games (those with seats), their deadlines passed a minute ago (with time banks: their
    awaited seat's bank ran out then); the background's still ahead (checked: a stale template fails)."""
    from django.db import connection
    from django.utils import timezone

    from games.models import Game, Seat

    now = timezone.now()
    real = sorted(set(Seat.objects.filter(game__status=Game.Status.ACTIVE).values_list("game_id", flat=True)))
    if Game.objects.filter(deadline_at__lte=now + timedelta(hours=1)).exclude(pk__in=real).exists():
        sys.exit(
            "the kept template's background deadlines are due soon: drop it (--drop-template) and run again"
        )
    Game.objects.filter(pk__in=real).update(deadline_at=now - timedelta(minutes=1))
    if bank:
        _banks_ran_out(real, now - timedelta(minutes=1))
    with connection.cursor() as cursor:
        # Every table's statistics, as autovacuum keeps them in production. Only the games' were taken
        # before: the seats' were those of the template's first few games (18,000 rows expected of a batch's
        # 200), which put the outbox's recipients read over PostgreSQL's JIT threshold, and its compiling took
        # 0.4 s a batch of 50 (9.2 of the 10.3 ms a deadline measured at 10,000 due).
        cursor.execute("ANALYZE")
    return real


def _banks_ran_out(game_ids: list[int], at: Any) -> None:
    """The awaited seats' banks of these games ran out `at` (their decisions began a bank's time before)."""
    from games.models import Game

    games = list(Game.objects.filter(pk__in=game_ids).only("pk", "awaiting", "clock_banks"))
    for game in games:
        for seat in game.awaiting:
            entry = game.clock_banks[str(seat)]
            entry["since"] = (at - timedelta(seconds=float(entry["left"]))).isoformat()
            entry["until"] = at.isoformat()
    Game.objects.bulk_update(games, ["clock_banks"], batch_size=500)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used so far (from /proc: the database's server process too)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _measured_sweep() -> dict[str, Any]:
    """One sweep in this process: its report, its SQL statements, its CPU time and its database server
    process's (same machine). The process starts with no game's state in memory, as a worker does."""
    from django.db import connection

    from games import store
    from games.deadlines import sweep

    store.state_cache.clear()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    timed: dict[str, list[float]] = {}  # by the statement's shape: [count, seconds]

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            entry = timed.setdefault(_shape(sql), [0, 0.0])
            entry[0] += 1
            entry[1] += time.perf_counter() - t0

    db_before, cpu_before = _cpu_seconds(backend), time.process_time()
    with connection.execute_wrapper(count):
        report = sweep.enforce_due_deadlines()
    return {
        **report.__dict__,
        "statements": sum(n for n, _ in timed.values()),
        "timed": timed,
        "cpu": time.process_time() - cpu_before,
        "db_cpu": _cpu_seconds(backend) - db_before,
    }


def _shape(sql: str) -> str:
    """A statement's text with its lists of placeholders and its numbers folded, so that the same statement
    for other games or batches adds up under one key."""
    folded = re.sub(r"\((?:\s*%s\s*,?)+\)", "(...)", sql)
    return re.sub(r"\b\d+\b", "N", folded)


def _statements_by_time(reports: list[dict[str, Any]], each: int, top: int = 6) -> None:
    """The sweepers' statements that took the most time (wall time in the sweeper: the database's work and
    the round trip), added up over the sweepers: count and ms a deadline."""
    total: dict[str, list[float]] = {}
    for report in reports:
        for shape, (n, seconds) in report["timed"].items():
            entry = total.setdefault(shape, [0, 0.0])
            entry[0] += n
            entry[1] += seconds
    print("  the statements that took longest (wall time in the sweepers, ms a deadline):")
    for shape, (n, seconds) in sorted(total.items(), key=lambda item: -item[1][1])[:top]:
        print(f"    {seconds / each * 1000:6.2f} ms  x{n / each:4.2f}  {' '.join(shape.split())[:150]}")


def _sweeper(results: Any) -> None:
    from django.db import connections

    connections.close_all()  # a connection of its own, not the parent's
    measured = _measured_sweep()
    connections.close_all()
    results.put(measured)


def _sender(batch: int, results: Any) -> None:
    from django.db import connections

    from notifications import delivery as notify

    connections.close_all()
    handled = 0
    while n := notify.deliver_pending(limit=batch):
        handled += n
    connections.close_all()
    results.put(handled)


def _children_cpu() -> float:
    """CPU seconds (user + system) of this process's finished child processes."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _in_parallel(
    target: Any, count: int, *extra: Any, each: list[tuple[Any, ...]] | None = None
) -> tuple[list[Any], float]:
    """Run `target(*extra, results)` in `count` forked processes (or `target(*each[i], results)` in the i-th)
    and collect what each put into `results`; the wall-clock time."""
    from django.db import connections

    connections.close_all()
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    arguments = each if each is not None else [extra] * count
    processes = [context.Process(target=target, args=(*arguments[i], results)) for i in range(count)]
    t0 = time.perf_counter()
    for process in processes:
        process.start()
    collected = [results.get(timeout=3600) for _ in processes]
    for process in processes:
        process.join()
    return collected, time.perf_counter() - t0


def _profiled(label: str, work: Any) -> Any:
    """Run `work()` in this process under cProfile; print its time and where it went."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    t0 = time.perf_counter()
    profiler.enable()
    result = work()
    profiler.disable()
    print(f"  {label}, profiled in one process: {result} in {time.perf_counter() - t0:.2f} s ({load()})")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    return result


def run(args: argparse.Namespace, real: list[int]) -> None:
    from django.conf import settings
    from django.db import connection, transaction
    from django.db.models import Count
    from django.utils import timezone

    from games.deadlines import sweep
    from notifications.models import Outbox

    query = sweep.due_games(timezone.now()).select_for_update(skip_locked=True)[:1]
    with transaction.atomic(), connection.cursor() as cursor:
        sql, params = query.query.sql_with_params()
        cursor.execute("EXPLAIN " + sql, params)
        plan = " / ".join(row[0].strip() for row in cursor.fetchall())
    print(f"  plan of the due query: {plan}")
    # The sweepers run as in production: no query log (with DEBUG on, Django formats every statement's SQL
    # for it, which the profile showed as a tenth of a sweeper's CPU time).
    settings.DEBUG = False
    _sweep(args, real)
    if args.sweep_only:
        return
    rows = Outbox.objects.filter(status=Outbox.Status.PENDING).count()
    by_kind = dict(Outbox.objects.values_list("kind").annotate(n=Count("id")))
    _deliver(args, rows, by_kind)


def _sweep(args: argparse.Namespace, real: list[int]) -> None:
    from games.deadlines import sweep
    from games.models import Command

    if args.profile:
        reports = [_profiled("sweep", _measured_sweep)]
        enforced = reports[0]["enforced"]
    else:
        before = load()
        reports, elapsed = _in_parallel(_sweeper, args.sweepers)
        enforced = sum(r["enforced"] for r in reports)
        print(
            f"  sweep: {args.sweepers} sweepers enforced {enforced} deadlines "
            f"({sum(r['commands'] for r in reports)} commands, {sum(r['failed'] for r in reports)} failed, "
            f"{sum(r['skipped'] for r in reports)} skipped) in {elapsed:.2f} s = {enforced / elapsed:.0f} deadlines/s, "
            f"{elapsed / max(enforced, 1) * 1000:.1f} ms each  ({before} -> {load()})"
        )
    each = max(enforced, 1)
    print(
        f"  per deadline: {sum(r['statements'] for r in reports) / each:.1f} SQL statements, CPU "
        f"{sum(r['cpu'] for r in reports) / each * 1000:.2f} ms in the sweepers + "
        f"{sum(r['db_cpu'] for r in reports) / each * 1000:.2f} ms in their database server processes"
    )
    _statements_by_time(reports, each)
    t0 = time.perf_counter()
    again = sweep.enforce_due_deadlines()
    print(
        f"  second sweep right after: {again.enforced} enforced in {(time.perf_counter() - t0) * 1000:.1f} ms"
    )
    timeouts = Command.objects.filter(game_id__in=real, by_service=True)
    games = timeouts.values("game_id").distinct().count()
    once = enforced == args.due and games == args.due and again.enforced == 0
    print(
        f"  exactly once: {enforced} of {args.due} due deadlines enforced, each game by one sweeper "
        f"({timeouts.count()} service commands in {games} games): {'yes' if once else 'NO'}"
    )


def _deliver(args: argparse.Namespace, rows: int, by_kind: dict[str, int]) -> None:
    import socket

    from aiosmtpd.controller import Controller
    from django.conf import settings

    from notifications.models import Outbox

    class Sink:
        ids: list[str] = []

        async def handle_DATA(self, server: object, session: object, envelope: Any) -> str:  # noqa: N802
            content = envelope.original_content or envelope.content
            for line in content.split(b"\r\n"):
                if line.lower().startswith(b"message-id:"):
                    Sink.ids.append(line.split(b":", 1)[1].strip().decode())
                    break
            return "250 OK"

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(Sink(), hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    # The senders run as in production: no query log, no template debugging (both cost per mail).
    settings.DEBUG = False
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    before, server_cpu, senders_cpu = load(), time.process_time(), _children_cpu()
    if args.profile:
        from notifications import delivery as notify

        t0 = time.perf_counter()
        handled = [
            _profiled("delivery", lambda: sum(iter(lambda: notify.deliver_pending(limit=args.batch), 0)))
        ]
        elapsed = time.perf_counter() - t0
    else:
        handled, elapsed = _in_parallel(_sender, args.senders, args.batch)
    server_cpu, senders_cpu = time.process_time() - server_cpu, _children_cpu() - senders_cpu
    controller.stop()
    sent = Outbox.objects.filter(status=Outbox.Status.SENT).count()
    print(
        f"  outbox: {rows} mails {by_kind} rendered and delivered to local SMTP by {args.senders} senders "
        f"(batches of {args.batch}) in {elapsed:.2f} s = {rows / elapsed:.0f} mails/s  ({before} -> {load()})"
    )
    if not args.profile:
        # The wall-clock figure depends on what else runs on the machine; the CPU time per mail much less.
        per_mail = (senders_cpu + server_cpu) / max(rows, 1)
        print(
            f"  CPU per mail: senders {senders_cpu / max(rows, 1) * 1000:.2f} ms, SMTP server "
            f"{server_cpu / max(rows, 1) * 1000:.2f} ms (the database's not counted): "
            f"{1 / per_mail:.0f} mails/s per busy core"
        )
    expected = set(Outbox.objects.values_list("message_id", flat=True))
    received = Sink.ids
    once = sent == rows and len(received) == len(set(received)) == rows and set(received) == expected
    print(
        f"  every mail delivered once: {sum(handled)} rows handled, {sent} marked sent, the server received "
        f"{len(received)} mails with {len(set(received))} distinct Message-IDs: {'yes' if once else 'NO'}"
    )


if __name__ == "__main__":
    main()
