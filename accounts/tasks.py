"""Celery tasks of accounts: a data export built in the background; the daily cleanup of unused unverified
accounts; and a password reset's lookup, which leaves the request so that no answer waits for (or reveals,
by its timing) whether the address has an account. The mails themselves go through the outbox
(`accounts.mails`)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from .deletion import remove_inactive_unverified as remove_unused_accounts
from .export import build_export, remove_old_exports
from .mails import mail_password_reset


@shared_task(bind=True, name="accounts.send_password_reset", autoretry_for=(OSError,), retry_backoff=30, max_retries=8)
def send_password_reset(self: Any, email: str) -> None:
    """Mail a reset link if `email` has an active account. The request publishes this task for every
    address it is given, so that its answer (and its timing) is the same whether the account exists."""
    mail_password_reset(email, occasion=self.request.id or "")


@shared_task(bind=True, name="accounts.build_data_export", autoretry_for=(OSError,), retry_backoff=30, max_retries=8)
def build_data_export(self: Any, user_id: int) -> None:
    """Build a player's data export and mail its link (accounts.export)."""
    build_export(user_id, occasion=self.request.id or "")


@shared_task(name="accounts.remove_inactive_unverified")
def remove_inactive_unverified() -> int:
    """Daily: remove the unverified accounts nobody used for ACCOUNTS_UNVERIFIED_DAYS, and expired exports."""
    remove_old_exports()
    return remove_unused_accounts()
