"""What the clocks show: each seat's time left and its bank, for the table, the lobby, the API and the mails.

Read from the game's row alone (its deadline and, with time banks, `Game.clock_banks`): no statement. A
running bank is shown as it would stand if its seat moved now (without the increment); during a declared
absence the stored deadline already counts the pause, so the time left shown stands still with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ..models import Game
from . import bank
from .clock import time_control


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock: whether it runs (the game awaits the seat), its deadline and the seconds until it
    (running seats only), and a time bank's seconds left (None: a time per decision)."""

    seat: int
    running: bool
    deadline_at: datetime | None
    seconds_left: int | None
    bank_seconds: int | None

    def as_dict(self) -> dict[str, Any]:
        """The API's form (`serializers.SeatClockSerializer`)."""
        return {"seat": self.seat, "running": self.running, "deadline_at": self.deadline_at,
                "seconds_left": self.seconds_left, "bank_seconds": self.bank_seconds}


def _seconds(delta: timedelta) -> int:
    return max(int(delta.total_seconds()), 0)


def seat_clocks(game: Game, now: datetime | None = None) -> list[SeatClock]:
    """Every seat's clock (none before the start or after the end)."""
    if game.status != Game.Status.ACTIVE:
        return []
    now = now or timezone.now()
    control = time_control(game)
    awaited = set(game.awaiting)
    if not bank.is_bank(control):
        return [
            SeatClock(seat, True, game.deadline_at, _seconds(game.deadline_at - now), None)
            if seat in awaited and game.deadline_at is not None else SeatClock(seat, False, None, None, None)
            for seat in range(game.players)
        ]
    limits = bank.Limits.of(control)
    clocks = []
    for seat, entry in bank.banks_of(game, limits).items():
        left = float(entry["left"])
        until = datetime.fromisoformat(entry["until"]) if seat in awaited and entry.get("until") else None
        if until is None:
            clocks.append(SeatClock(seat, False, None, None, int(left)))
            continue
        used = max(bank.affordable(left, limits.double_after) - (until - now).total_seconds(), 0.0)
        bank_now = max(left - bank.charged(used, limits.double_after), 0.0)
        clocks.append(SeatClock(seat, True, until, _seconds(until - now), int(bank_now)))
    return clocks


def seat_clock(game: Game, seat: int | None, now: datetime | None = None) -> SeatClock | None:
    """One seat's clock (None: no such seat, or the game does not run)."""
    return next((c for c in seat_clocks(game, now) if c.seat == seat), None)


def duration_words(seconds: int) -> str:
    """A duration as a reader says it: "2 days 5 hours", "3 hours 20 minutes", "less than a minute"."""
    days, rest = divmod(max(seconds, 0), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts: list[str] = []
    if days:
        parts.append(ngettext("%(count)d day", "%(count)d days", days) % {"count": days})
    if hours and len(parts) < 2:
        parts.append(ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours})
    if minutes and not days and len(parts) < 2:
        parts.append(ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes})
    return " ".join(parts) if parts else gettext("less than a minute")


def clock_words(clock: SeatClock) -> str:
    """A seat's clock in words, for the table, the lobby and the mails."""
    if clock.running and clock.seconds_left is not None:
        if clock.bank_seconds is not None:
            return gettext("{left} left in the bank").format(left=duration_words(clock.seconds_left))
        return gettext("{left} left for this decision").format(left=duration_words(clock.seconds_left))
    if clock.bank_seconds is not None:
        return gettext("{left} in the bank").format(left=duration_words(clock.bank_seconds))
    return ""
