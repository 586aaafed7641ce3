"""`manage.py outbox [--retry-failed [--id ID ...]]`: the state of the mail outbox, and failed mails sent again.

Without options: the number of rows by status and kind, and the failed rows (given up after too many
attempts or refused for good by the mail server) with their last error. `--retry-failed` puts failed rows
back to pending (`notifications.delivery.retry_failed`); the outbox sweep sends them within a minute.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Count

from notifications.delivery import retry_failed
from notifications.models import Outbox


class Command(BaseCommand):
    help = (
        "Show the mail outbox: rows by status and kind, the failed rows with their last error. "
        "--retry-failed puts failed rows (all, or those named with --id) back to pending; the outbox sweep "
        "sends them within a minute. A retried row that has used up its attempts gets one more."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--retry-failed", action="store_true", help="put failed rows back to pending")
        parser.add_argument("--id", type=int, action="append", dest="ids", metavar="ID",
                            help="with --retry-failed: only this row (repeat for more)")
        parser.add_argument("--limit", type=int, default=20, help="failed rows listed at most (default 20)")

    def handle(self, *args: Any, retry_failed: bool, ids: list[int] | None, limit: int, **options: Any) -> None:
        if ids and not retry_failed:
            raise CommandError("--id names rows for --retry-failed; without it the whole outbox is shown")
        if limit < 0:
            raise CommandError("--limit must be 0 or more")
        if retry_failed:
            self.retry(ids)
        else:
            self.show(limit)

    def retry(self, ids: list[int] | None) -> None:
        if ids:
            statuses = dict(Outbox.objects.filter(pk__in=ids).values_list("pk", "status"))
            unknown = sorted(set(ids) - set(statuses))
            if unknown:
                raise CommandError(f"no outbox row {', '.join(map(str, unknown))}; nothing changed")
        picked = retry_failed(ids or None)
        if ids:
            for pk in sorted(set(ids) - set(picked)):
                self.stdout.write(f"row {pk} is {statuses[pk]}, not failed: left alone")
        self.stdout.write(self.style.SUCCESS(
            f"{len(picked)} failed row(s) put back to pending{': ' + ', '.join(map(str, picked)) if picked else ''}"
        ))

    def show(self, limit: int) -> None:
        counts = list(Outbox.objects.values_list("status", "kind").annotate(rows=Count("id")).order_by("status", "kind"))
        self.stdout.write(f"{'status':<10} {'kind':<10} {'rows':>8}")
        for status, kind, rows in counts:
            self.stdout.write(f"{status:<10} {kind:<10} {rows:>8}")
        self.stdout.write(f"{'total':<21} {sum(rows for _, _, rows in counts):>8}")
        failed = Outbox.objects.filter(status=Outbox.Status.FAILED).order_by("-id")
        total = failed.count()
        if not total:
            return
        self.stdout.write(self.style.WARNING(f"\n{total} failed row(s), newest first:"))
        for row in failed[:limit]:
            error = " ".join(row.last_error.split())[:300] or "(no error recorded)"
            to = row.to_email or f"{row.channel} #{row.target}"  # a push or a webhook has no address
            self.stdout.write(f"  #{row.pk} {row.kind} to {to} (game {row.game_id or '-'}, "
                              f"{row.attempts} attempt(s), written {row.created_at:%Y-%m-%d %H:%M} UTC): {error}")
        if total > limit:
            self.stdout.write(f"  ... and {total - limit} more (--limit)")
        self.stdout.write("Send them again: manage.py outbox --retry-failed [--id ID ...]")
