"""Celery tasks of the emails (the deadline tasks are games.tasks): thin wrappers that take ids and call a service. Every task is idempotent (at-least-once)."""

from __future__ import annotations

from celery import shared_task

from . import delivery, outbox


@shared_task(name="notifications.deliver_outbox")
def deliver_outbox(outbox_id: int) -> str:
    """Send one outbox row (a no-op if it was sent already or another worker holds it)."""
    return delivery.deliver(outbox_id)


@shared_task(name="notifications.deliver_outbox_rows")
def deliver_outbox_rows(ids: list[int] | None = None, keys: list[str] | None = None) -> int:
    """Send these rows (by id or dedupe key) over one SMTP connection; rows sent already are left alone."""
    return len(delivery.deliver_rows(ids, keys))


@shared_task(name="notifications.sweep_outbox")
def sweep_outbox() -> int:
    """Every minute: re-send what is stuck (lease expired) or due for a retry."""
    return delivery.sweep()


@shared_task(name="notifications.send_digests")
def send_digests() -> int:
    """Daily: one digest email per player who chose digests."""
    return outbox.send_digests()
