"""Celery task of accounts: a password reset's lookup leaves the request, so that no answer waits for (or
reveals, by its timing) whether the address has an account. The mails themselves go through the outbox
(`accounts.mails`)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from .mails import mail_password_reset


@shared_task(bind=True, name="accounts.send_password_reset", autoretry_for=(OSError,), retry_backoff=30, max_retries=8)
def send_password_reset(self: Any, email: str) -> None:
    """Mail a reset link if `email` has an active account. The request publishes this task for every
    address it is given, so that its answer (and its timing) is the same whether the account exists."""
    mail_password_reset(email, occasion=self.request.id or "")
