"""Players coming and going: declared absences (vacations, which pause the clock) and seats the bot plays
at once (marked absent after too many timeouts in a row, present again when their player is back)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import ServiceError

from .. import services, store
from ..models import Absence, Game, Seat, SeatPresence
from ..registry import get_kind
from .bank import is_bank
from .clock import fresh_deadline, paused_deadline

if TYPE_CHECKING:
    from accounts.models import User


def absence_days_per_year() -> int:
    """How many days of declared absence a player has per calendar year (operator setting)."""
    return int(settings.GAMES_ABSENCE_DAYS_PER_YEAR)


def absent_seats(game: Game, seats: Iterable[int]) -> set[int]:
    """Those of these seats that the bot plays at once (marked absent after too many timeouts)."""
    return set(
        SeatPresence.objects.filter(game=game, seat__in=list(seats), absent_since__isnull=False).values_list(
            "seat", flat=True
        )
    )


def seat_is_absent(game: Game, seat: int | None) -> bool:
    """Whether the bot currently plays this seat."""
    return seat is not None and bool(absent_seats(game, [seat]))


def return_to_game(user: User, game_id: Any) -> bool:
    """The player is back: their seat is no longer absent; a decision of theirs gets a fresh deadline."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=services.get_game(game_id, user).pk).first()
        assert game is not None
        seat = services.seat_of(game, user)
        if seat is None:
            raise ServiceError("forbidden", "not_a_player", gettext("You have no seat in this game."))
        if game.status == Game.Status.ACTIVE and seat in get_kind(game.kind).rules.resigned(store.load_state(game)):
            raise ServiceError("conflict", "seat_resigned", gettext("You resigned this game; the bot plays your seat."))
        changed = SeatPresence.objects.filter(game=game, seat=seat).exclude(
            consecutive_timeouts=0, absent_since__isnull=True
        ).update(consecutive_timeouts=0, absent_since=None)
        if game.status == Game.Status.ACTIVE and seat in game.awaiting and changed:
            now = timezone.now()
            deadline, reminder = fresh_deadline(game, list(game.awaiting), now)
            Game.objects.filter(pk=game.pk).update(
                deadline_at=deadline, reminder_at=reminder, deadline_version=game.version, clock_banks=game.clock_banks
            )
    return bool(changed)


def declare_absence(user: User, starts_at: datetime, ends_at: datetime) -> Any:
    """Declare a vacation: deadlines of the player's games pause for it (bounded days per calendar year)."""
    now = timezone.now()
    if timezone.is_naive(starts_at) or timezone.is_naive(ends_at):
        raise ServiceError("invalid", "invalid_absence", gettext("Give times with a time zone."))
    if ends_at <= starts_at:
        raise ServiceError("invalid", "invalid_absence", gettext("An absence ends after it starts."))
    if ends_at <= now:
        raise ServiceError("invalid", "invalid_absence", gettext("An absence must end in the future."))
    starts_at = max(starts_at, now)
    days = math.ceil((ends_at - starts_at).total_seconds() / 86400)
    allowance = absence_days_per_year()
    with transaction.atomic():
        # Serialise a player's declarations so two at once cannot both pass the allowance check.
        type(user).objects.select_for_update().filter(pk=user.pk).first()
        mine = Absence.objects.filter(user=user)
        if mine.filter(starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
            raise ServiceError("conflict", "absence_overlaps", gettext("This overlaps an absence you already declared."))
        year = starts_at.year
        used = sum(
            math.ceil((e - s).total_seconds() / 86400)
            for s, e in mine.filter(starts_at__year=year).values_list("starts_at", "ends_at")
        )
        if used + days > allowance:
            raise ServiceError(
                "invalid",
                "absence_allowance_exceeded",
                gettext("You have {left} of {total} vacation days left in {year}.").format(
                    left=max(allowance - used, 0), total=allowance, year=year
                ),
            )
        absence = Absence.objects.create(user=user, starts_at=starts_at, ends_at=ends_at)
        # From now on the new deadlines of the player's games read the absences (`Game.absences_declared`).
        Game.objects.filter(status__in=[Game.Status.OPEN, Game.Status.ACTIVE], seats__user=user,
                            absences_declared=False).update(absences_declared=True)
        # Running deadlines of games waiting for this player are pushed back by the paused time.
        for game in Game.objects.select_for_update().filter(
            Q(status=Game.Status.ACTIVE), deadline_at__isnull=False, seats__user=user
        ):
            seat = services.seat_of(game, user)
            if seat is None or seat not in game.awaiting or game.deadline_at is None or game.deadline_at <= now:
                continue
            if _rerun_bank(game, now):
                continue
            new_deadline = paused_deadline(now, game.deadline_at - now, [(starts_at, ends_at)])
            shift = new_deadline - game.deadline_at
            if shift > timedelta(0):
                Game.objects.filter(pk=game.pk).update(
                    deadline_at=new_deadline, reminder_at=game.reminder_at + shift if game.reminder_at else None
                )
    return absence


def absence_days_left(user: User, year: int) -> int:
    """Days of declared absence the player still has in a calendar year."""
    used = sum(
        math.ceil((e - s).total_seconds() / 86400)
        for s, e in Absence.objects.filter(user=user, starts_at__year=year).values_list("starts_at", "ends_at")
    )
    return max(absence_days_per_year() - used, 0)


def end_absence(user: User, absence_id: Any) -> None:
    """End a declared absence now (one not begun yet is withdrawn); deadlines it pushed back move forward
    again by the part of it that is not used."""
    now = timezone.now()
    with transaction.atomic():
        absence_pk = _int_or_none(absence_id)
        absence = (
            Absence.objects.select_for_update().filter(pk=absence_pk, user=user).first() if absence_pk is not None else None
        )
        if absence is None or absence.ends_at <= now:
            raise ServiceError("not_found", "absence_not_found", gettext("There is no running or coming absence of yours with this id."))
        unused = absence.ends_at - max(now, absence.starts_at)
        if absence.starts_at >= now:
            absence.delete()
        else:
            Absence.objects.filter(pk=absence.pk).update(ends_at=now)
        for game in Game.objects.select_for_update().filter(status=Game.Status.ACTIVE, deadline_at__gt=now, seats__user=user):
            seat = services.seat_of(game, user)
            if seat is None or seat not in game.awaiting or game.deadline_at is None:
                continue
            if _rerun_bank(game, now):
                continue
            deadline = max(now, game.deadline_at - unused)
            reminder = game.reminder_at - unused if game.reminder_at else None
            Game.objects.filter(pk=game.pk).update(
                deadline_at=deadline, reminder_at=reminder if reminder is None or reminder < deadline else None
            )


def _rerun_bank(game: Game, now: datetime) -> bool:
    """A time bank game's running clocks computed anew from the banks and the absences as they are now (an
    absence declared or ended moves only its player's clock, which need not be the earliest): whether the
    game runs time banks (else the caller moves the deadline itself)."""
    if not is_bank(game.time_control or {}):
        return False
    deadline, reminder = fresh_deadline(game, list(game.awaiting), now)
    Game.objects.filter(pk=game.pk).update(deadline_at=deadline, reminder_at=reminder, clock_banks=game.clock_banks)
    return True


def away_until(game: Game, now: datetime | None = None) -> dict[int, datetime]:
    """The awaited seats whose player is on a declared absence now, with its end: their clock is paused."""
    now = now or timezone.now()
    users = dict(Seat.objects.filter(game=game, index__in=list(game.awaiting)).values_list("user_id", "index"))
    away: dict[int, datetime] = {}
    for user_id, ends_at in Absence.objects.filter(
        user_id__in=list(users), starts_at__lte=now, ends_at__gt=now
    ).values_list("user_id", "ends_at"):
        seat = users[user_id]
        if seat is not None:
            away[seat] = ends_at
    return away


def _int_or_none(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
