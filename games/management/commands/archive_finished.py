"""`manage.py archive_finished [--hours H] [--limit N]`: move the games that ended more than H hours ago
(default GAMES_ARCHIVE_AFTER_HOURS, 24) to the cold partitions of the event store (`games.archive`); the
beat does the same every hour. Nothing is deleted; `verify_events` checks the moved games as any other."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import archive


class Command(BaseCommand):
    help = (
        "Move the events, commands and snapshots of games that ended long enough ago to the cold partitions."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--hours", type=float, default=None, help="ended at least this long ago")
        parser.add_argument("--limit", type=int, default=None, help="at most this many games")

    def handle(self, *args: Any, hours: float | None, limit: int | None, **options: Any) -> None:
        if hours is not None and hours < 0:
            raise CommandError("--hours must not be negative")
        report = archive.archive_finished(None if hours is None else timedelta(hours=hours), limit=limit)
        rows = ", ".join(f"{table} {count}" for table, count in sorted(report.rows.items())) or "no rows"
        self.stdout.write(self.style.SUCCESS(f"archived {len(report.games)} game(s): {rows}"))
