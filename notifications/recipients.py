"""A game's seats as the outbox writers need them: each seated seat with its user, the user's preferences
(none: the defaults) and whether the bot plays the seat (`absent`).

`seats` is the selector (a QuerySet); `seats_of` reads it through the games' unit of work, so that the
deadline sweep reads the seats of its whole batch of games in one statement, and the reminder, the turn
mail and the timeout mail of one enforcement share it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict, cast

from django.db.models import Exists, OuterRef

from accounts.models import User
from games import unit_of_work
from games.models import Game, Seat, SeatPresence

from .models import Preference

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class Absent(TypedDict):
    """What `seats` adds to each seat: whether the bot plays it (marked absent after too many timeouts)."""

    absent: bool


def seats(game_ids: Sequence[int], *, absences: bool = True) -> list[WithAnnotations[Seat, Absent]]:
    """The seated seats of these games (in no order: `_by_game` sorts them) with `user`,
    `user.notification_pref` (DoesNotExist when the player kept the defaults) and `absent` loaded: one
    statement. Without `absences`, for games no seat of which ever let a deadline pass (`Game.timed_out`
    false: no seat has a timeout record), every seat's `absent` is False without asking (the subquery costs
    about as much CPU as the rest).

    Measured on this statement, which about every change of the awaited seat pays: the ORM's compiling of
    an ORDER BY cost 150 of its 790 µs of CPU (a game's few seats are sorted in Python instead), and of a
    constant annotation (`Value(False)`) another 130 (set on the seats here instead)."""
    found = (
        Seat.objects.filter(game_id__in=list(game_ids), index__isnull=False)
        .select_related("user", "user__notification_pref")
        .order_by()
    )
    if absences:
        presence = SeatPresence.objects.filter(game_id=OuterRef("game_id"), seat=OuterRef("index"), absent_since__isnull=False)
        return list(found.annotate(absent=Exists(presence)))
    rows = list(found)
    for seat in rows:
        vars(seat)["absent"] = False  # as the annotation would have set it
    return cast("list[WithAnnotations[Seat, Absent]]", rows)


def seats_of(game: Game) -> list[WithAnnotations[Seat, Absent]]:
    """The game's seated seats as `seats` gives them, read through the unit of work (see the module). The
    seats of a game never timed out are read under a name of their own: its absences need no query (and a
    game that times out within the unit writes timeout records, after which its reads are made afresh)."""
    models = (Seat, User, Preference, SeatPresence)
    if game.timed_out:
        return unit_of_work.read("notifications.recipients", game.pk, _by_game, models=models)
    return unit_of_work.read("notifications.recipients.never_timed_out", game.pk, _by_game_never_timed_out, models=models)


def _by_game(game_ids: list[int], *, absences: bool = True) -> dict[int, list[WithAnnotations[Seat, Absent]]]:
    found: dict[int, list[WithAnnotations[Seat, Absent]]] = {game_id: [] for game_id in game_ids}
    for seat in sorted(seats(game_ids, absences=absences), key=lambda seat: (seat.game_id, seat.index or 0, seat.id)):
        found[seat.game_id].append(seat)
    return found


def _by_game_never_timed_out(game_ids: list[int]) -> dict[int, list[WithAnnotations[Seat, Absent]]]:
    return _by_game(game_ids, absences=False)
