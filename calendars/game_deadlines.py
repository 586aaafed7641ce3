"""The games' deadlines (calendars' own source, "games"): one per running game that awaits the player's
move and has a deadline, read from the game's projection columns (`deadline_at`, `reminder_at`,
`deadline_version`, `awaiting`) and, in a game of time banks, from the player's own seat's bank (each
awaited seat has its own deadline there: `games.deadlines.bank`)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from urllib.parse import urlparse

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from core.links import site_link
from games.deadlines import bank
from games.deadlines.clock import time_control
from games.models import Game, Seat, SeatPresence
from games.registry import kinds

from .sources import Deadline


def awaited_moves(user: User) -> Iterator[Deadline]:
    """The deadlines of the player's moves now awaited (the bot's seats aside: a seat marked absent or
    resigned is played by the bot at once, and asks nothing of the player)."""
    seats = dict(
        Seat.objects.filter(user=user, index__isnull=False, game__status=Game.Status.ACTIVE,
                            game__deadline_at__isnull=False).values_list("game_id", "index")
    )
    if not seats:
        return
    played_by_bot = set(
        SeatPresence.objects.filter(game_id__in=list(seats), absent_since__isnull=False)
        .values_list("game_id", "seat")
    )
    now = timezone.now()
    for game in Game.objects.filter(pk__in=list(seats)).order_by("pk"):
        seat = seats[game.pk]
        if seat is None or seat not in game.awaiting or (game.pk, seat) in played_by_bot:
            continue
        deadline, reminder = _seat_deadline(game, seat, now)
        if deadline is not None:
            yield _deadline(game, user, deadline, reminder)


def _seat_deadline(game: Game, seat: int, now: datetime) -> tuple[datetime | None, datetime | None]:
    """The seat's deadline and reminder: the game's, or with time banks the seat's own (the game's row holds
    the earliest of its awaited seats')."""
    control = time_control(game)
    if not bank.is_bank(control):
        return game.deadline_at, game.reminder_at
    limits = bank.Limits.of(control)
    return bank.deadline_and_reminder({seat: bank.banks_of(game, limits)[seat]}, [seat], limits, now)


def _deadline(game: Game, user: User, deadline: datetime, reminder: datetime | None) -> Deadline:
    kind = kinds.get(game.kind)
    title = _("{title} #{game}").format(title=kind.title if kind is not None else game.kind, game=game.pk)
    url = site_link("game-page", game.pk)
    # The deadline's version names it: a new decision's deadline is a new event, the one it replaces
    # leaves the feed. The same deadline moved (a vacation declared meanwhile) keeps its uid.
    version = game.deadline_version if game.deadline_version is not None else game.version
    return Deadline(
        uid=f"game-{game.pk}-deadline-{version}-player-{user.pk}@{_uid_domain()}",
        summary=_("Your move: {title} — deadline").format(title=title),
        description=_("Your move in {title} is due by this time. Open the game: {url}").format(title=title, url=url),
        deadline_at=deadline,
        reminder_at=reminder if reminder is not None and reminder < deadline else None,
        url=url,
        # The moves of other seats while this deadline stands (a decision asked of several seats at once).
        sequence=max(0, game.version - version),
    )


def _uid_domain() -> str:
    """The site's host: what makes a uid unique beyond this site (RFC 5545 3.8.4.7)."""
    return urlparse(settings.SITE_URL).hostname or "localhost"
