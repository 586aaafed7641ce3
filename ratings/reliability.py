"""How reliable a player is, from the command log and the deadlines' records: the share of their moves they
made themselves before the deadline (the rest the service played when a deadline passed), the deadlines
they missed in the last 90 days, and their usual (median) time to move."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, F, OuterRef, Q, Subquery
from django.utils import timezone

from accounts.models import User
from games import hooks, unit_of_work
from games.models import Command, Event

from .models import MissedDeadline

RECENT = timedelta(days=90)
MOVES_TIMED = 500  # the usual time to move is the median of the player's last moves, this many at most


@dataclass(frozen=True)
class Reliability:
    """A player's reliability: `share` in percent (None: no move yet), their own moves and those the
    service played for them, deadlines missed since `RECENT`, median seconds from the move before to theirs."""

    share: int | None
    own_moves: int
    service_moves: int
    missed_recently: int
    median_seconds: float | None


def shares(user_ids: Sequence[int]) -> dict[int, int | None]:
    """Each player's share of moves made before the deadline, in percent (None: no move yet); one statement."""
    found: dict[int, int | None] = dict.fromkeys(user_ids)
    rows = (Command.objects.filter(user_id__in=list(user_ids), seat__isnull=False).values("user_id")
            .annotate(own=Count("pk", filter=Q(by_service=False)), total=Count("pk")))
    for row in rows:
        found[row["user_id"]] = round(100 * row["own"] / row["total"]) if row["total"] else None
    return found


def reliability(user: User, now: datetime | None = None) -> Reliability:
    """The player's reliability (see `Reliability`)."""
    now = now or timezone.now()
    moves = Command.objects.filter(user=user, seat__isnull=False)
    counts = moves.aggregate(own=Count("pk", filter=Q(by_service=False)), service=Count("pk", filter=Q(by_service=True)))
    total = counts["own"] + counts["service"]
    return Reliability(
        share=round(100 * counts["own"] / total) if total else None,
        own_moves=counts["own"],
        service_moves=counts["service"],
        missed_recently=MissedDeadline.objects.filter(user=user, missed_at__gt=now - RECENT).count(),
        median_seconds=median_time_to_move(user),
    )


def median_time_to_move(user: User) -> float | None:
    """The median time between the game's event before a player's own move and the move (their last
    `MOVES_TIMED` moves); None before their first move after another's."""
    before = Event.objects.filter(game_id=OuterRef("game_id"), seq=OuterRef("first_seq") - 1).values("created_at")[:1]
    rows = (Command.objects.filter(user=user, seat__isnull=False, by_service=False, first_seq__gt=1)
            .annotate(before=Subquery(before)).order_by("-created_at")
            .values_list("created_at", F("before"))[:MOVES_TIMED])
    waits = [(moved - previous).total_seconds() for moved, previous in rows if previous is not None]
    return statistics.median(waits) if waits else None


def on_timeout_played(notice: hooks.TimeoutPlayed) -> None:
    """The deadlines' listener: a missed deadline is recorded with its time (written with the sweep's batch)."""
    unit_of_work.insert([MissedDeadline(user=notice.user, game=notice.game, seat=notice.seat, version=notice.version,
                                        missed_at=timezone.now())], ignore_conflicts=True)
