"""Celery tasks of the emails (the deadline tasks are games.tasks): thin wrappers that take ids and call a
service. Every task is idempotent (at-least-once). The delivery task, `notifications.deliver_outbox_rows`,
is `delivery.deliver_outbox_rows`, beside the sender it runs (the sweep and the account mails' writer
start it, and neither may import this module, which imports the digests' writer)."""

from __future__ import annotations

from celery import shared_task

from . import delivery, digests


@shared_task(name="notifications.deliver_outbox")
def deliver_outbox(outbox_id: int) -> str:
    """Send one outbox row (a no-op if it was sent already or another worker holds it)."""
    return delivery.deliver(outbox_id)


@shared_task(name="notifications.sweep_outbox")
def sweep_outbox() -> int:
    """Every 5 seconds: hand what is due (new rows, retries, rows whose lease expired) to delivery tasks."""
    return delivery.sweep()


@shared_task(name="notifications.send_digests")
def send_digests() -> int:
    """Daily: one digest email per player who chose digests."""
    return digests.send_digests()
