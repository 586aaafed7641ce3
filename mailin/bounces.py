"""Hard bounces: an address that cannot receive mail gets no more game mail until its owner confirms
an address again (the verification link of accounts; the site and /api/me say so)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import User, normalize_email
from notifications.models import Outbox
from notifications.outbox import message_id_for

from .parse import DeliveryFailure

log = logging.getLogger(__name__)


def mark_undeliverable(address: str, reason: str) -> User | None:
    """Stop game mail to `address` (a hard bounce): the address counts as unconfirmed and bounced, and
    the mail still waiting for it is given up. Returns its user, or None for an address of nobody."""
    with transaction.atomic():
        user = User.objects.select_for_update().filter(email=normalize_email(address)).first()
        if user is None:
            return None
        user.email_bounced_at = timezone.now()
        user.email_verified_at = None  # game mail goes to confirmed addresses only
        user.save(update_fields=["email_bounced_at", "email_verified_at"])
        Outbox.objects.filter(
            Q(status=Outbox.Status.PENDING) | Q(status=Outbox.Status.HELD), to_email=user.email
        ).update(status=Outbox.Status.FAILED, last_error=f"address bounced: {reason}"[:2000])
    log.warning("hard bounce for user %s: %s", user.pk, reason)
    return user


def is_our_mail(message_id: str | None, recipient: str) -> bool:
    """Whether we sent the mail `message_id` to `recipient`: a row of our outbox has that Message-ID and
    address, and the ID is the one keyed with the server's secret (rows written before the IDs were keyed
    carry a plain hash anyone can work out). A bounce report is believed only then, so a forged one cannot
    silence anyone."""
    if not message_id:
        return False
    sent = Outbox.objects.filter(message_id=message_id.strip(), to_email=normalize_email(recipient))
    return any(message_id_for(key) == message_id.strip() for key in sent.values_list("dedupe_key", flat=True))


def handle_bounce(recipient: str, message_id: str | None, reason: str) -> User | None:
    """A report that our mail `message_id` to `recipient` failed for good (a piped report, a provider's
    event): the address is marked undeliverable if the mail is ours (`is_our_mail`). Its user, or None."""
    if not is_our_mail(message_id, recipient):
        log.info("ignored a bounce for %s about a message we did not send", recipient)
        return None
    return mark_undeliverable(recipient, reason)


def handle_report(failures: list[DeliveryFailure]) -> list[User]:
    """A delivery status notification: each failed recipient of a mail of ours is marked (`handle_bounce`)."""
    marked = []
    for failure in failures:
        reason = f"{failure.status} {failure.diagnostic}".strip()
        user = handle_bounce(failure.recipient, failure.original_message_id, reason)
        if user is not None:
            marked.append(user)
    return marked
