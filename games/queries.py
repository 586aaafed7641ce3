"""The reads every command and every GET of a game run, as QuerySets (games.services and the deadline
bookkeeping inside a command's transaction call them)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from uuid import UUID

from django.db.models import OuterRef, QuerySet, Subquery

from accounts.models import User

from .models import Absence, Command, Game, Seat

SeatName = tuple[int | None, int, str]  # (seat index, user id, display name)


def games(*, lock: bool = False) -> QuerySet[Game]:
    """Every game; with `lock`, their rows locked until the end of the transaction when read (the game's row
    alone: `of=("self",)` leaves the joined rows, if any, unlocked)."""
    return Game.objects.select_for_update(of=("self",)) if lock else Game.objects.all()


def seat_and_prior_command(game_id: int, user: User, key: str | None) -> QuerySet[Seat, tuple[int | None, UUID | None]]:
    """The user's (seat index, id of their command with the idempotency key `key`) in the game: one row if
    they have a seat (the index None before the start), none if not; one statement."""
    prior = Command.objects.filter(game_id=OuterRef("game_id"), user_id=OuterRef("user_id"), idempotency_key=key or "")
    return Seat.objects.filter(game_id=game_id, user=user).values_list("index", Subquery(prior.values("pk")[:1]))


def seat_names(game_id: int) -> QuerySet[Seat, SeatName]:
    """(index, user id, display name) of the game's seats, in seat order (then joining order)."""
    return (
        Seat.objects.filter(game_id=game_id)
        .order_by("index", "joined_at", "id")
        .values_list("index", "user_id", "user__display_name")
    )


def absences_by_seat(game_id: int, seats: Sequence[int], ending_after: datetime) -> dict[int, list[tuple[datetime, datetime]]]:
    """(start, end) of the absences the players at these seats declared that end after `ending_after`, by seat
    (one statement: the deadline of every new decision asks for them)."""
    if not seats:
        return {}
    found: dict[int, list[tuple[datetime, datetime]]] = {}
    for seat, starts_at, ends_at in (
        Absence.objects.filter(user__seats__game_id=game_id, user__seats__index__in=list(seats), ends_at__gt=ending_after)
        .order_by("user_id", "starts_at")
        .values_list("user__seats__index", "starts_at", "ends_at")
    ):
        if seat is not None:  # always: the seats asked for have an index
            found.setdefault(seat, []).append((starts_at, ends_at))
    return found
