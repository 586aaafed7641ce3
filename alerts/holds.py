"""A player's receivers, one delivery at a time: what keeps one player's slow webhook (or push endpoint, both
addresses the player names) from stalling the senders that deliver everybody's notices.

Every delivery to a receiver is bounded by its deadline (`addresses.Deadline`); on top of that a player has
at most one delivery in flight, across all senders (the claim is a row, `ReceiverHold`, taken by one
conditional UPDATE), and after a delivery to one of their receivers ran out of time, none of their receivers
is tried for `STALL_PAUSE`. A row that finds its player's receivers held is not sent and goes back to the
outbox's backoff (`Held`, an `OSError`: retried) without opening a connection, so a batch of rows behind
a stalled receiver loses one budget, not one per row of that player.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.utils import timezone

from .models import ReceiverHold

STALL_PAUSE = timedelta(minutes=5)  # a player's receivers rest this long after one of them stalled


class Held(OSError):
    """The delivery was not tried: the player's receivers are held (another delivery in flight, or one of
    them stalled a moment ago). Retried with the outbox's backoff."""


@contextmanager
def one_delivery(user_id: int, budget_seconds: float) -> Iterator[None]:
    """Deliver to one of the player's receivers inside this block, or raise `Held` at once. A block that
    ends in a `TimeoutError` holds the player's receivers for `STALL_PAUSE`."""
    until = _claim(user_id, budget_seconds)
    if until is None:
        raise Held(f"the receivers of player {user_id} are held: another delivery is in flight, or one stalled")
    stalled = False
    try:
        yield
    except TimeoutError:
        stalled = True
        raise
    finally:
        now = timezone.now()
        ReceiverHold.objects.filter(user_id=user_id, until=until).update(until=now + STALL_PAUSE if stalled else now)


def _claim(user_id: int, budget_seconds: float) -> datetime | None:
    """Hold the player's receivers for one delivery (its budget and a second): the moment it ends, or None
    when they are held already. One UPDATE (or the first INSERT) decides between senders racing for it."""
    now = timezone.now()
    until = now + timedelta(seconds=budget_seconds + 1)  # a sender that died mid-delivery frees them by then
    if ReceiverHold.objects.filter(user_id=user_id, until__lte=now).update(until=until):
        return until
    _hold, created = ReceiverHold.objects.get_or_create(user_id=user_id, defaults={"until": until})
    return until if created else None
