"""The daily digest: one email per player who chose digests, listing what was held for them."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from .models import Kind, Outbox
from .outbox import Mail, dedupe_key, enqueue


def send_digests(now: datetime | None = None) -> int:
    """Write one digest row per player with held rows (which become `digested`); the rows written. The
    digest is rendered when it is sent, from the rows it names."""
    now = now or timezone.now()
    written = 0
    user_ids = list(Outbox.objects.filter(status=Outbox.Status.HELD).values_list("user_id", flat=True).distinct())
    for user_id in user_ids:
        with transaction.atomic():
            held = list(
                Outbox.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(user_id=user_id, status=Outbox.Status.HELD)
                .select_related("user")
                .order_by("id")
            )
            if not held:
                continue
            user = held[0].user
            key = dedupe_key(Kind.DIGEST, user.pk, held[-1].pk)
            written += enqueue([Mail(Kind.DIGEST, user, None, key, params={"held": [r.pk for r in held]})])
            Outbox.objects.filter(pk__in=[r.pk for r in held]).update(status=Outbox.Status.DIGESTED, sent_at=now)
    return written
