"""games' share of a person's data (registered with `accounts.personal_data` in `GamesConfig.ready`).

Erasing: the person's seats in open games are given up (a game nobody is left in is abandoned, as when its
last player leaves); their seats in running games stay, since the log is append-only and the other players'
games must replay, and are marked absent for good, so that the deadline enforcement has the bot play them
at once through the one write path of every command (`apply_command`, by the service), as after too many
timeouts. Their declared absences go, and how far they had read each game's history. Finished games keep their seats: the account row behind them is
emptied by accounts.

Exporting: every game the person sat in, as that player may see it (`game_detail` from their seat, and the
history through `render_events`, the redaction of the API's history: never another seat's hidden cards), and
how far they had read each game's history.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from accounts.personal_data import PersonalDataPart

from .deadlines.clock import enforce_soon
from .models import (
    Absence,
    Command,
    Event,
    Game,
    HistoryRead,
    Rematch,
    Seat,
    SeatChange,
    SeatPresence,
    SeatTakeover,
    TableSettings,
)
from .services.reading import game_detail, render_events

if TYPE_CHECKING:
    from accounts.models import User


def erase(user: User) -> None:
    """Give up the person's open seats, have the bot play their running ones, drop their absences."""
    now = timezone.now()
    theirs = Seat.objects.filter(user=user).values("game_id")
    with transaction.atomic():
        for game in Game.objects.select_for_update().filter(pk__in=theirs, status=Game.Status.OPEN).order_by("pk"):
            Seat.objects.filter(game=game, user=user).delete()
            if not Seat.objects.filter(game=game).exists():
                game.status = Game.Status.ABANDONED
                game.save(update_fields=["status", "updated_at"])
        for game in Game.objects.select_for_update().filter(pk__in=theirs, status=Game.Status.ACTIVE).order_by("pk"):
            for seat in Seat.objects.filter(game=game, user=user, index__isnull=False).values_list("index", flat=True):
                if seat is not None:  # (the filter says so; the type does not)
                    _play_by_bot(game, seat, now)
        Absence.objects.filter(user=user).delete()
        HistoryRead.objects.filter(user=user).delete()
        TableSettings.objects.filter(user=user).delete()


def _play_by_bot(game: Game, seat: int, now: datetime) -> None:
    """Mark the seat absent for good; if the game awaits it now, its deadline is due at once."""
    SeatPresence.objects.update_or_create(game=game, seat=seat, defaults={"absent_since": now})
    fields: dict[str, Any] = {"timed_out": True}  # the clock reads the seats' records only once this is set
    if seat in game.awaiting:
        fields.update(deadline_at=now, reminder_at=None, deadline_version=game.version)
        enforce_soon(game.pk, game.version)
    Game.objects.filter(pk=game.pk).update(**fields)


def games_of(user: User) -> set[int]:
    """The ids of every game the person had a part in: seated (now or once: a seat taken and left, taken
    over), hosting, offering or declining a rematch. Where the other players' copies of their name may be
    (their mails, exports and chat), for the apps that scrub those."""
    found: set[int] = set(Seat.objects.filter(user=user).values_list("game_id", flat=True))
    found.update(SeatChange.objects.filter(user=user).values_list("game_id", flat=True))
    found.update(Game.objects.filter(created_by=user).values_list("pk", flat=True))
    found.update(SeatTakeover.objects.filter(previous_user=user).values_list("game_id", flat=True))
    found.update(SeatTakeover.objects.filter(user=user).values_list("game_id", flat=True))
    for previous, new in Rematch.objects.filter(offered_by=user).values_list("previous_id", "game_id"):
        found.update((previous, new))
    for previous, new in Rematch.objects.filter(declined_by=user).values_list("previous_id", "game_id"):
        found.update((previous, new))
    return found


def export(user: User) -> dict[str, Any]:
    """The person's games as they may see them, their declared absences and how far they read each game."""
    games = []
    for game in Game.objects.filter(seats__user=user).distinct().order_by("id"):
        detail = game_detail(game, user)
        events = render_events(game, Event.objects.filter(game=game).order_by("seq"), detail["seat"])
        games.append({**detail, "history": events})
    absences = [{"starts_at": a.starts_at.isoformat(), "ends_at": a.ends_at.isoformat()}
                for a in Absence.objects.filter(user=user).order_by("starts_at")]
    read = [{"game": r.game_id, "version": r.version, "read_at": r.read_at.isoformat()}
            for r in HistoryRead.objects.filter(user=user).order_by("game_id")]
    return {"games": games, "absences": absences, "history_read": read}


def active_since(moment: datetime) -> Iterable[int]:
    """Users who sent a move of their own or took a seat after `moment`."""
    movers = Command.objects.filter(created_at__gte=moment, by_service=False, user__isnull=False)
    joiners = Seat.objects.filter(joined_at__gte=moment)
    return {*movers.values_list("user_id", flat=True), *joiners.values_list("user_id", flat=True)}


PART = PersonalDataPart(name="games", erase=erase, export=export, active_since=active_since)
