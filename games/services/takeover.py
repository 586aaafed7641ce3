"""Seats that never stall: a seat whose player let `takeover_after` deadlines pass in a row (the game's time
control, 3 by default) is offered in the lobby as "seat wanted" (the bot plays it until then); a player
without a seat in the game takes it over. A `SeatTakeover` row says who played the seat before and after."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError

from ..deadlines.clock import enforce_soon, fresh_deadline, takeover_after
from ..models import Game, Seat, SeatPresence, SeatTakeover
from .reading import may_see
from .writing import game_not_found, game_or_404

WANTED_SHOWN = 50


def is_wanted(game: Game, record: SeatPresence | None) -> bool:
    """Whether the seat of this timeout record is offered to another player: its player missed the game's
    `takeover_after` deadlines in a row, or the bot plays it at once already (absent: its streak no longer
    grows); never a resigned seat, nor in a game that does not offer seats (0)."""
    limit = takeover_after(game)
    if record is None or record.resigned or limit <= 0 or game.status != Game.Status.ACTIVE:
        return False
    return record.consecutive_timeouts >= limit or record.absent_since is not None


def wanted_seats(game: Game) -> list[int]:
    """The seats of this game offered to another player, in seat order."""
    if not game.timed_out:
        return []
    records = SeatPresence.objects.filter(game=game).order_by("seat")
    return [record.seat for record in records if is_wanted(game, record)]


def games_with_wanted_seats(user: User) -> list[tuple[Game, list[int]]]:
    """The listed running games with a seat wanted that the user has no seat in, newest first, with those seats."""
    games: QuerySet[Game] = (
        Game.objects.filter(status=Game.Status.ACTIVE, listed=True, timed_out=True)
        .exclude(pk__in=Seat.objects.filter(user=user).values("game_id"))
        .order_by("-id")
    )
    records: dict[int, list[SeatPresence]] = {}
    for record in SeatPresence.objects.filter(game__in=games).order_by("seat"):
        records.setdefault(record.game_id, []).append(record)
    found = []
    for game in games.filter(pk__in=list(records))[:WANTED_SHOWN]:
        seats = [r.seat for r in records[game.pk] if is_wanted(game, r)]
        if seats:
            found.append((game, seats))
    return found


def take_over_seat(user: User, game_id: Any, seat: Any) -> SeatTakeover:
    """Take over a wanted seat of a running game one has no seat in: from now on the user plays it (its
    timeout streak starts again; a decision it owes gets a fresh deadline)."""
    with transaction.atomic():
        game = game_or_404(game_id, lock=True)
        seated = Seat.objects.filter(game=game, user=user).exists()
        if not may_see(game, user, seated=seated):
            raise game_not_found(game_id)
        if game.status != Game.Status.ACTIVE:
            raise ServiceError("conflict", "game_not_active", gettext("Only a seat of a running game can be taken over."))
        if seated:
            raise ServiceError("conflict", "already_joined", gettext("You already have a seat in this game."))
        record = (
            SeatPresence.objects.filter(game=game, seat=seat).first()
            if isinstance(seat, int) and not isinstance(seat, bool) else None
        )
        if not is_wanted(game, record):
            raise ServiceError("conflict", "seat_not_wanted", gettext("This seat is not offered to another player."))
        row = Seat.objects.select_for_update().get(game=game, index=seat)
        takeover = SeatTakeover.objects.create(
            game=game, seat=seat, previous_user_id=row.user_id, user=user, version=game.version
        )
        row.user = user
        row.save(update_fields=["user"])
        SeatPresence.objects.filter(pk=record.pk).update(consecutive_timeouts=0, absent_since=None)  # type: ignore[union-attr]
        if seat in game.awaiting:
            deadline, reminder = fresh_deadline(game, list(game.awaiting), timezone.now())
            Game.objects.filter(pk=game.pk).update(deadline_at=deadline, reminder_at=reminder, deadline_version=game.version)
    return takeover



def hand_seat_to_bot(game_id: Any, user: User) -> bool:
    """Mark the user's seat of a running game absent now, without resigning it: from now on the bot plays
    it at once (as after too many deadlines missed in a row: the deadline clock makes every decision of an
    absent seat due at once, `deadlines.clock`, and the enforcement plays it with the bot, counting no
    timeout), and a decision it owes now is due at once. The player's own command makes the seat present
    again. False (nothing written) when the game is not running, the user has no seat in it, or the seat
    is absent or resigned already."""
    with transaction.atomic():
        game = game_or_404(game_id, lock=True)
        seat = Seat.objects.filter(game=game, user=user).values_list("index", flat=True).first()
        if game.status != Game.Status.ACTIVE or seat is None:
            return False
        record = SeatPresence.objects.filter(game=game, seat=seat).first()
        if record is not None and (record.absent_since is not None or record.resigned):
            return False
        now = timezone.now()
        if record is None:
            SeatPresence.objects.create(game=game, seat=seat, absent_since=now)  # (marks the game timed_out)
        else:
            SeatPresence.objects.filter(pk=record.pk).update(absent_since=now)
        if seat in game.awaiting:
            Game.objects.filter(pk=game.pk).update(deadline_at=now, reminder_at=None, deadline_version=game.version)
            enforce_soon(game.pk, game.version)
    return True
