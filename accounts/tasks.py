"""Celery task of accounts: account emails leave the request, so that no answer waits for (or reveals,
by its timing) an SMTP exchange."""

from __future__ import annotations

from celery import shared_task
from django.core.mail import send_mail

from .services import mail_password_reset


@shared_task(name="accounts.send_account_mail", autoretry_for=(OSError,), retry_backoff=30, max_retries=8)
def send_account_mail(subject: str, body: str, to: str, from_email: str | None = None) -> None:
    """Send one account email (verification, reset, sign-up attempt) from `from_email` (the default sender
    if None, as for tasks queued before it was given). A retry may send it twice: harmless for these mails,
    whose links stay valid."""
    send_mail(subject=subject, message=body, from_email=from_email, recipient_list=[to])


@shared_task(name="accounts.send_password_reset", autoretry_for=(OSError,), retry_backoff=30, max_retries=8)
def send_password_reset(email: str) -> None:
    """Mail a reset link if `email` has an active account. The request publishes this task for every
    address it is given, so that its answer (and its timing) is the same whether the account exists."""

    mail_password_reset(email)
