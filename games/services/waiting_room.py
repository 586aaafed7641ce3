"""The waiting room of an open game: its seat changes (taken, left) told to the seated players (a notice on
the page, an email through the listeners of `hooks.on_seat_notice`), and the closing of open games nobody
joined in time (each game's `close_after_days`; a periodic task calls `close_stale_open_games`)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import User

from .. import hooks
from ..models import Game, Seat, SeatChange

MAX_CLOSE_AFTER_DAYS = 90
CHANGES_SHOWN = 10
CLOSED_PER_RUN = 500


def record_seat_change(game: Game, actor: User | None, what: str) -> SeatChange:
    """Keep a waiting room's change and tell the seated players but the actor (inside the caller's transaction)."""
    change = SeatChange.objects.create(game=game, user=actor, what=what)
    seated = Seat.objects.filter(game=game).values_list("user_id", flat=True)
    recipients = [user_id for user_id in seated if actor is None or user_id != actor.pk]
    hooks.seat_notice(hooks.SeatNotice(game, what, actor, recipients, change.pk))
    return change


def recent_changes(game: Game) -> list[SeatChange]:
    """The waiting room's latest changes, newest first (what its page shows)."""
    return list(SeatChange.objects.filter(game=game).select_related("user")[:CHANGES_SHOWN])


def room_mark(game: Game) -> int:
    """What the waiting room's page was drawn at (its live stream's `?since=`): the game's version plus the
    id of its latest seat change (both only grow; `live.marks` counts the same)."""
    latest = SeatChange.objects.filter(game=game).order_by("-id").values_list("id", flat=True).first()
    return game.version + (latest or 0)


def close_stale_open_games(now: datetime | None = None) -> int:
    """Close (abandon) the open games still waiting for players `close_after_days` after they were opened,
    telling those seated; the number closed. Each game under its row lock, skipped if another worker has it."""
    now = now or timezone.now()
    closed = 0
    candidates = Game.objects.filter(status=Game.Status.OPEN).values_list("pk", "created_at", "close_after_days")
    due = [pk for pk, created, days in candidates.iterator() if created + timedelta(days=days) <= now]
    for pk in due[:CLOSED_PER_RUN]:
        with transaction.atomic():
            game = Game.objects.select_for_update(skip_locked=True, of=("self",)).filter(
                pk=pk, status=Game.Status.OPEN).first()
            if game is None or game.created_at + timedelta(days=game.close_after_days) > now:
                continue
            game.status = Game.Status.ABANDONED
            game.save(update_fields=["status", "updated_at"])
            record_seat_change(game, None, SeatChange.What.CLOSED)
            closed += 1
    return closed
