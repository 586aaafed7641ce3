"""The daily digest: one email per player who chose digests, listing what was held for them. A turn that a
browser push told already (a push row of that turn's notice, sent) is not told again: the push was that
turn's notice."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from .models import Channel, Kind, Outbox
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
            told = told_by_push(held)
            listed = [r.pk for r in held if r.dedupe_key not in told]
            if listed:
                key = dedupe_key(Kind.DIGEST, user.pk, held[-1].pk)
                written += enqueue([Mail(Kind.DIGEST, user, None, key, params={"held": listed})])
            Outbox.objects.filter(pk__in=[r.pk for r in held]).update(status=Outbox.Status.DIGESTED, sent_at=now)
    return written


def told_by_push(held: list[Outbox]) -> set[str]:
    """The dedupe keys of the held turn mails whose turn a push told (its row names the mail's key as its
    `notice`, and was sent)."""
    turns = [row.dedupe_key for row in held if row.kind == Kind.TURN]
    if not turns:
        return set()
    pushed = Outbox.objects.filter(
        channel=Channel.PUSH, kind=Kind.TURN, status=Outbox.Status.SENT, params__notice__in=turns
    ).values_list("params__notice", flat=True)
    return {str(key) for key in pushed}
