"""Whether a player has their game open in a browser now (issue 20: no "your turn" mail while they do, as
18xx does). The page, its poll of the version and its live stream note the seat's last sign of life
(`note_seen`); a seat seen within `WINDOW` is present. The note is one conditional UPDATE that writes at
most once per `WRITE_EVERY` per seat: a page open for hours costs a write every half minute, not one per poll.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from .models import Command, Seat

WINDOW = timedelta(seconds=60)  # seen within this: the game is open in a browser
WRITE_EVERY = timedelta(seconds=30)  # a fresher note than this is not written again


def note_seen(game_id: int, user_id: Any, now: datetime | None = None) -> bool:
    """Note that this user's page of this game is open now (nothing for a spectator, or a note younger than
    `WRITE_EVERY`). Returns whether a note was written."""
    if user_id is None:
        return False
    now = now or timezone.now()
    stale = Q(last_seen_at__isnull=True) | Q(last_seen_at__lt=now - WRITE_EVERY)
    return bool(Seat.objects.filter(stale, game_id=game_id, user_id=user_id).update(last_seen_at=now))


def is_present(seat: Seat, now: datetime | None = None) -> bool:
    """Whether this seat's player had the game open within the last `WINDOW`."""
    return seat.last_seen_at is not None and seat.last_seen_at >= (now or timezone.now()) - WINDOW


def present_seats(game_id: int, now: datetime | None = None) -> set[int]:
    """The seat indexes of the game whose players had it open within the last `WINDOW`."""
    since = (now or timezone.now()) - WINDOW
    found = Seat.objects.filter(game_id=game_id, last_seen_at__gte=since, index__isnull=False)
    return {index for index in found.values_list("index", flat=True) if index is not None}


def moved_since(game_id: int, seat: int, version: int) -> bool:
    """Whether the seat's player sent a move of their own after the game's `version` (a move the service
    played for them does not count)."""
    return Command.objects.filter(game_id=game_id, seat=seat, first_seq__gt=version, by_service=False).exists()
