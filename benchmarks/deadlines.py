"""Deadline sweep and outbox delivery, measured on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/citadels .venv/bin/python benchmarks/deadlines.py

1. 100,000 active games, 1,000 of them past their deadline: the time for `enforce_due_deadlines()` (the
   beat task's body) to enforce them all, each through the ordinary command path with the bot, each
   writing its events, the next seat's deadline and the outbox rows (timeout + your-turn emails).
   The other 99,000 games are plain rows with deadlines in the future: they are what the indexed
   `deadline_at` lets the sweep never look at.
2. Outbox delivery: the rows that sweep wrote, sent by `deliver()` to a local aiosmtpd server, in mails/s
   (one SMTP connection per mail, as in production; one process).

It works in a database of its own (`<name>_deadlines_bench`), created afresh and dropped at the end.
"""

from __future__ import annotations

import os
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TOTAL_GAMES = int(os.environ.get("BENCH_GAMES", "100000"))
DUE_GAMES = int(os.environ.get("BENCH_DUE", "1000"))


def _bench_database_url() -> str:
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/citadels")
    if not url.startswith("postgres"):
        sys.exit("benchmarks/deadlines.py measures PostgreSQL: set DATABASE_URL=postgres://...")
    base, _, name = url.rpartition("/")
    return f"{base}/{name or 'citadels'}_deadlines_bench"


def _recreate(url: str) -> None:
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


def _drop(url: str) -> None:
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> None:
    url = _bench_database_url()
    _recreate(url)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"
    os.environ["LOG_LEVEL"] = "WARNING"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    # Delivery tasks are not wanted here: the benchmark delivers the rows itself, after the sweep.
    from config.celery import app

    app.conf.task_always_eager = False
    from notifications import services as notify

    notify._send_tasks = lambda keys: None  # type: ignore[assignment]
    try:
        call_command("migrate", verbosity=0)
        run(settings)
    finally:
        from django.db import connections

        connections.close_all()
        _drop(url)


def run(settings: object) -> None:
    import secrets

    from django.db import connection, transaction
    from django.utils import timezone

    from accounts.models import User
    from games import deadlines, services
    from games.models import Game
    from notifications import services as notify
    from notifications.models import Outbox

    now = timezone.now()
    print(f"PostgreSQL benchmark: {TOTAL_GAMES} active games, {DUE_GAMES} due")
    users = [
        User.objects.create_user(email=f"bench{i}@example.org", password=None, display_name=f"bench{i}",
                                 language="de" if i % 2 else "en", email_verified_at=now)
        for i in range(4)
    ]
    t0 = time.perf_counter()
    real = []
    for _ in range(DUE_GAMES):
        game = services.create_game(users[0], "citadels", 4)
        for user in users[1:]:
            services.join_game(user, game.pk)
        services.start_game(users[0], game.pk)
        real.append(game.pk)
    print(f"  set up {DUE_GAMES} started games in {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    filler = TOTAL_GAMES - DUE_GAMES
    batch = []
    for i in range(filler):
        batch.append(Game(kind="citadels", players=4, status=Game.Status.ACTIVE, awaiting=[0], version=1,
                          created_by=users[0], rng_salt=secrets.token_hex(8),
                          deadline_at=now + timedelta(minutes=5 + i % (3 * 24 * 60)), deadline_version=1))
        if len(batch) == 5000:
            Game.objects.bulk_create(batch)
            batch = []
    Game.objects.bulk_create(batch)
    # The real games' deadlines passed a minute ago.
    Game.objects.filter(pk__in=real).update(deadline_at=now - timedelta(minutes=1))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game")
    Outbox.objects.all().delete()
    print(f"  inserted {filler} more active games in {time.perf_counter() - t0:.1f} s")
    query = deadlines.due_games(timezone.now()).select_for_update(skip_locked=True)[:1]
    with transaction.atomic(), connection.cursor() as cursor:
        sql, params = query.query.sql_with_params()
        cursor.execute("EXPLAIN " + sql, params)
        plan = " / ".join(row[0].strip() for row in cursor.fetchall())
    print(f"  plan of the due query: {plan}")

    t0 = time.perf_counter()
    report = deadlines.enforce_due_deadlines()
    elapsed = time.perf_counter() - t0
    print(f"  sweep: enforced {report.enforced} deadlines ({report.commands} commands, {report.failed} failed) "
          f"in {elapsed:.2f} s = {report.enforced / elapsed:.0f} deadlines/s, {elapsed / max(report.enforced, 1) * 1000:.1f} ms each")
    t0 = time.perf_counter()
    again = deadlines.enforce_due_deadlines()
    print(f"  second sweep right after: {again.enforced} enforced in {(time.perf_counter() - t0) * 1000:.1f} ms")
    assert report.enforced == DUE_GAMES, report

    rows = list(Outbox.objects.filter(status=Outbox.Status.PENDING).values_list("pk", flat=True))
    from aiosmtpd.controller import Controller

    class Sink:
        count = 0

        async def handle_DATA(self, server: object, session: object, envelope: object) -> str:  # noqa: N802
            Sink.count += 1
            return "250 OK"

    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(Sink(), hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"  # type: ignore[attr-defined]
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port  # type: ignore[attr-defined]
    t0 = time.perf_counter()
    outcomes: dict[str, int] = {}
    for pk in rows:
        outcome = notify.deliver(pk)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    elapsed = time.perf_counter() - t0
    controller.stop()
    print(f"  outbox: {len(rows)} mails delivered to local SMTP in {elapsed:.2f} s = {len(rows) / elapsed:.0f} mails/s "
          f"(outcomes {outcomes}, server received {Sink.count})")


if __name__ == "__main__":
    main()
