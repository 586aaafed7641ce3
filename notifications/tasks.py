"""Celery tasks: thin wrappers that take ids and call a service. Every task is idempotent (at-least-once)."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.conf import settings

from games import deadlines

from . import services


@shared_task(name="notifications.deliver_outbox")
def deliver_outbox(outbox_id: int) -> str:
    """Send one outbox row (a no-op if it was sent already or another worker holds it)."""
    return services.deliver(outbox_id)


@shared_task(name="notifications.deliver_outbox_rows")
def deliver_outbox_rows(ids: list[int] | None = None, keys: list[str] | None = None) -> int:
    """Send these rows (by id or dedupe key) over one SMTP connection; rows sent already are left alone."""
    return len(services.deliver_rows(ids, keys))


@shared_task(name="notifications.sweep_outbox")
def sweep_outbox() -> int:
    """Every minute: re-send what is stuck (lease expired) or due for a retry."""
    return services.sweep()


@shared_task(name="notifications.enforce_due_deadlines")
def enforce_due_deadlines() -> dict[str, Any]:
    """Every minute: send due reminders, then enforce every passed deadline, with GAMES_DEADLINE_SWEEPERS - 1
    more sweepers in other worker processes (SKIP LOCKED shares the due games among them)."""
    reminders = deadlines.send_due_reminders()
    for _ in range(int(getattr(settings, "GAMES_DEADLINE_SWEEPERS", 1)) - 1):
        sweep_deadlines.delay()
    report = deadlines.enforce_due_deadlines()
    return {"reminders": reminders, **report.__dict__}


@shared_task(name="notifications.sweep_deadlines")
def sweep_deadlines() -> dict[str, Any]:
    """One more sweeper of passed deadlines beside the beat task's own."""
    return deadlines.enforce_due_deadlines().__dict__


@shared_task(name="notifications.enforce_deadline")
def enforce_deadline(game_id: int, version: int) -> int:
    """Enforce one game's deadline set at `version`, if it is still due (a no-op otherwise)."""
    result = deadlines.enforce_deadline(game_id, version)
    return result.commands if result else 0


@shared_task(name="notifications.send_digests")
def send_digests() -> int:
    """Daily: one digest email per player who chose digests."""
    return services.send_digests()
