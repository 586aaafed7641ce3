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


def handle_report(failures: list[DeliveryFailure]) -> list[User]:
    """A delivery status notification: each failed recipient is marked, if the report is about a mail we
    sent to that address (its Message-ID is in our outbox, and is the one keyed with the server's secret:
    rows written before the IDs were keyed carry a plain hash anyone can work out), so a forged report
    cannot silence anyone."""
    marked = []
    for failure in failures:
        sent = Outbox.objects.filter(message_id=failure.original_message_id, to_email=failure.recipient)
        ours = any(message_id_for(key) == failure.original_message_id for key in sent.values_list("dedupe_key", flat=True))
        if not ours:
            log.info("ignored a bounce for %s about a message we did not send", failure.recipient)
            continue
        user = mark_undeliverable(failure.recipient, f"{failure.status} {failure.diagnostic}".strip())
        if user is not None:
            marked.append(user)
    return marked
