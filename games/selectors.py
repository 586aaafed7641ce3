"""Selectors: the reads of games as QuerySets (or, where a batch asks, dicts by game), for the services,
the deadlines and the lobby's view, which slices and renders them (the API's list of games is
`services.list_games`). Nothing here writes; the reads a command or a GET runs are here too."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypedDict

from django.db.models import Count, F, OuterRef, Prefetch, Q, QuerySet, Subquery

from accounts.models import User

from . import unit_of_work
from .models import Absence, Game, Seat, SeatPresence
from .store_sql import SeatName

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class Seated(TypedDict):
    """What the lobby's selectors add to each game: the number of seats taken."""

    seated: int


class SeatedWithMine(Seated):
    """... and the user's own seat index (None before the start: seats have no number until then)."""

    my_seat: int | None


def games_of(user: User) -> QuerySet[WithAnnotations[Game, SeatedWithMine]]:
    """The games the user has a seat in, the most recently changed first."""
    own = Seat.objects.filter(user=user)
    return (
        Game.objects.filter(pk__in=own.values("game_id"))
        .annotate(seated=Count("seats"), my_seat=Subquery(own.filter(game=OuterRef("pk")).values("index")[:1]))
        .order_by("-updated_at")
    )


# A game's pace by its hours for a decision: (more than, at most); None is no bound. A time bank game's
# hours for a decision are its bank's at the start (`initial_hours`): what its first decisions may take, the
# figure the lobby shows first (its increment is what a decision brings back, less than it may take).
PACES: dict[str, tuple[float | None, float | None]] = {"fast": (None, 24), "normal": (24, 72), "slow": (72, None)}
BANK_PACE_HOURS = "initial_hours"


def pace_hours(time_control: dict[str, Any]) -> float | None:
    """A time control's hours for a decision as the paces count them (None: it names none)."""
    hours = time_control.get(BANK_PACE_HOURS if time_control.get("mode") == "bank" else "decision_hours")
    return float(hours) if isinstance(hours, int | float) and not isinstance(hours, bool) else None


def pace_filter(pace: str) -> Q:
    """The games of this pace (one of `PACES`) by their time control's hours for a decision (a time bank's:
    its hours at the start, `pace_hours`)."""
    above, most = PACES[pace]
    per_decision, banked = Q(), Q(time_control__mode="bank")
    if above is not None:
        per_decision &= Q(time_control__decision_hours__gt=above)
        banked &= Q(**{f"time_control__{BANK_PACE_HOURS}__gt": above})
    if most is not None:
        per_decision &= Q(time_control__decision_hours__lte=most)
        banked &= Q(**{f"time_control__{BANK_PACE_HOURS}__lte": most})
    # (A time bank has no decision_hours: the validator refuses the other kind's fields, so the two never meet.)
    return per_decision | banked


def open_games_for(
    user: User, *, kind: str | None = None, pace: str | None = None
) -> QuerySet[WithAnnotations[Game, Seated]]:
    """The listed games waiting for players that have a free seat and that the user has not joined, the
    newest first, with their hosts and seated players (`seats`, in joining order); only those of `kind`
    and `pace` when given."""
    games = Game.objects.filter(status=Game.Status.OPEN, listed=True)
    if kind is not None:
        games = games.filter(kind=kind)
    if pace is not None:
        games = games.filter(pace_filter(pace))
    return (
        games.exclude(pk__in=Seat.objects.filter(user=user).values("game_id"))
        .annotate(seated=Count("seats"))
        .filter(seated__lt=F("players"))
        .select_related("created_by")
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("user").order_by("joined_at", "id")))
        .order_by("-id")
    )


def games(*, lock: bool = False) -> QuerySet[Game]:
    """Every game; with `lock`, their rows locked until the end of the transaction when read (the game's row
    alone: `of=("self",)` leaves the joined rows, if any, unlocked)."""
    return Game.objects.select_for_update(of=("self",)) if lock else Game.objects.all()


def seat_names(game_id: int) -> list[SeatName]:
    """(index, user id, display name) of the game's seats, in seat order (then joining order); the name is
    None for a deleted account, whose neutral name is said in the reader's language (`accounts.models.shown_name`).

    Read with the account's deletion time and judged here: the same read with a CASE in the query took 40 %
    more CPU (758 against 545 µs: the expression is resolved and compiled on every read)."""
    rows = (
        Seat.objects.filter(game_id=game_id)
        .order_by("index", "joined_at", "id")
        .values_list("index", "user_id", "user__display_name", "user__deleted_at")
    )
    return [(index, user_id, None if deleted_at else name) for index, user_id, name, deleted_at in rows]


Span = tuple[datetime, datetime]  # (start, end)


def absences_by_seat(game_id: int, seats: Sequence[int], ending_after: datetime) -> dict[int, list[Span]]:
    """(start, end) of the absences the players at these seats declared that end after `ending_after`, by seat
    (the deadline of every new decision asks for them). Read through the unit of work: in the deadline
    sweep, one statement for its batch of games, at the time of the first ask (each ask is later, and keeps
    only the absences that end after its own time)."""
    if not seats:
        return {}
    by_seat = unit_of_work.read(
        "games.absences", game_id, lambda game_ids: absences_of(game_ids, ending_after), models=(Absence, Seat)
    )
    found = {seat: [span for span in by_seat.get(seat, []) if span[1] > ending_after] for seat in seats}
    return {seat: spans for seat, spans in found.items() if spans}


def absences_of(game_ids: Sequence[int], ending_after: datetime) -> dict[int, dict[int, list[Span]]]:
    """The absences of the seated players of these games that end after `ending_after`: by game, by seat, in
    the order they start (one statement)."""
    found: dict[int, dict[int, list[Span]]] = {game_id: {} for game_id in game_ids}
    for game_id, seat, starts_at, ends_at in (
        Absence.objects.filter(user__seats__game_id__in=list(game_ids), user__seats__index__isnull=False,
                               ends_at__gt=ending_after)
        .order_by("user_id", "starts_at")
        .values_list("user__seats__game_id", "user__seats__index", "starts_at", "ends_at")
    ):
        if seat is not None:  # always: filtered so
            found[game_id].setdefault(seat, []).append((starts_at, ends_at))
    return found


def seated_users(game_ids: Sequence[int]) -> dict[int, dict[int, User]]:
    """The players of these games by game and seat index (one statement)."""
    found: dict[int, dict[int, User]] = {game_id: {} for game_id in game_ids}
    for seat in Seat.objects.filter(game_id__in=list(game_ids), index__isnull=False).select_related("user"):
        if seat.index is not None:  # always: filtered so
            found[seat.game_id][seat.index] = seat.user
    return found


def timeout_records(game_id: int) -> dict[int, SeatPresence]:
    """The timeout records of the game's seats by seat, read through the unit of work (in the deadline
    sweep, one statement for its batch; the records the sweep writes are written before it reads)."""
    return unit_of_work.read("games.seat_presences", game_id, seat_presences, models=(SeatPresence,))


def seat_presences(game_ids: Sequence[int]) -> dict[int, dict[int, SeatPresence]]:
    """The timeout records of these games' seats, by game and seat (one statement)."""
    found: dict[int, dict[int, SeatPresence]] = {game_id: {} for game_id in game_ids}
    for record in SeatPresence.objects.filter(game_id__in=list(game_ids)):
        found[record.game_id][record.seat] = record
    return found
