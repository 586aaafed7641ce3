"""A time bank per seat (a time control of mode "bank"): each seat starts with `initial_hours`, the time it
takes over a decision is taken from its bank, `increment_hours` are added after each of its decisions (the
bank holds at most `max_bank_hours`), and time beyond `double_after_hours` on one decision counts twice
(ICCF's rule against a long think). Time inside a declared absence of the seat's player counts for nothing.

The banks are a projection of the game's row (`Game.clock_banks`), set by the clock's hook subscriber on
every event batch that changes who is awaited and written with the service's other projection columns (one
UPDATE), never elsewhere but where an absence moves a running clock or a rebuild derives them from the log: `{"<seat>": {"left": seconds, "since": iso or null, "until": iso or null}}`: the bank
when the seat's current decision began (`since`; null: not awaited) and when it runs out (`until`, paused by
the player's absences). Several awaited seats (a simultaneous decision) each run their own bank; the game's
`deadline_at` is the earliest `until`, and the enforcement plays only the seats whose bank ran out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from .. import selectors
from ..models import Game

BANK_MODE = "bank"
HOUR = 3600.0
Span = tuple[datetime, datetime]


def is_bank(control: dict[str, Any]) -> bool:
    """Whether this time control runs a time bank per seat (else: a fixed time per decision)."""
    return control.get("mode") == BANK_MODE


def charged(used: float, double_after: float | None) -> float:
    """Seconds taken from the bank for `used` seconds on one decision: beyond `double_after`, twice."""
    if double_after is None or used <= double_after:
        return used
    return used + (used - double_after)


def affordable(left: float, double_after: float | None) -> float:
    """Seconds one decision may take before a bank of `left` seconds is charged empty (`charged`'s inverse)."""
    if double_after is None or left <= double_after:
        return left
    return double_after + (left - double_after) / 2


def active_seconds(start: datetime, end: datetime, absences: Iterable[Span]) -> float:
    """Seconds from `start` to `end` outside the absences (the clock stands still inside them)."""
    total = max((end - start).total_seconds(), 0.0)
    for a_start, a_end in absences:
        overlap = (min(end, a_end) - max(start, a_start)).total_seconds()
        total -= max(overlap, 0.0)
    return max(total, 0.0)


def paused_deadline(start: datetime, duration: timedelta, absences: Iterable[Span]) -> datetime:
    """`start + duration`, where time inside an absence does not count (the clock pauses)."""
    cursor, remaining = start, duration
    for a_start, a_end in sorted(absences):
        if a_end <= cursor:
            continue
        if a_start > cursor:
            gap = a_start - cursor
            if gap >= remaining:
                break
            remaining -= gap
        cursor = max(cursor, a_end)
    return cursor + remaining


def paused_until(start: datetime, seconds: float, absences: Iterable[Span]) -> datetime:
    """`start + seconds`, where time inside an absence does not count."""
    return paused_deadline(start, timedelta(seconds=seconds), absences)


@dataclass(frozen=True)
class Limits:
    """A bank time control in seconds."""

    initial: float
    increment: float
    most: float
    double_after: float | None
    reminder_percent: float

    @classmethod
    def of(cls, control: dict[str, Any]) -> Limits:
        """The limits of a checked bank time control (`services.lifecycle.clean_time_control`)."""
        double = control.get("double_after_hours")
        return cls(
            initial=float(control["initial_hours"]) * HOUR, increment=float(control["increment_hours"]) * HOUR,
            most=float(control["max_bank_hours"]) * HOUR, double_after=None if double is None else float(double) * HOUR,
            reminder_percent=float(control.get("reminder_percent", 20)),
        )


def _at(value: Any) -> datetime | None:
    return datetime.fromisoformat(value) if isinstance(value, str) else None


def banks_of(game: Game, limits: Limits) -> dict[int, dict[str, Any]]:
    """Every seat's bank entry as stored (a seat never awaited yet: its initial bank, not running)."""
    stored = game.clock_banks or {}
    return {
        seat: dict(stored.get(str(seat)) or {"left": limits.initial, "since": None, "until": None})
        for seat in range(game.players)
    }


def _absences(game: Game, seats: Iterable[int], since: datetime) -> dict[int, list[Span]]:
    """The absences of these seats' players that end after `since` (one statement; none to read in a game no
    player of which declared one)."""
    if not game.absences_declared:
        return {}
    wanted = set(seats)
    found = selectors.absences_of([game.pk], since).get(game.pk, {})
    return {seat: spans for seat, spans in found.items() if seat in wanted}


def banks_after(
    game: Game, limits: Limits, before: set[int], after: set[int], now: datetime
) -> dict[int, dict[str, Any]]:
    """The banks once the awaited seats went from `before` to `after` at `now`: a seat whose decision ended
    pays the time it took (charged, without its absences) and gets the increment (capped); a seat newly
    awaited starts its clock; every awaited seat's `until` is computed anew (its player's absences pause it)."""
    banks = banks_of(game, limits)
    starts = [at for seat in before | after if (at := _at(banks[seat]["since"])) is not None]
    absences = _absences(game, before | after, min(starts, default=now))
    for seat in sorted(before - after):
        entry = banks[seat]
        since = _at(entry["since"]) or now
        used = active_seconds(since, now, absences.get(seat, []))
        left = max(float(entry["left"]) - charged(used, limits.double_after), 0.0) + limits.increment
        banks[seat] = {"left": min(left, limits.most), "since": None, "until": None}
    for seat in sorted(after):
        entry = banks[seat]
        since = _at(entry["since"]) or now
        until = paused_until(since, affordable(float(entry["left"]), limits.double_after), absences.get(seat, []))
        banks[seat] = {"left": float(entry["left"]), "since": since.isoformat(), "until": until.isoformat()}
    return banks


def stored(banks: dict[int, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The banks as `Game.clock_banks` keeps them (JSON: seat numbers as strings)."""
    return {str(seat): entry for seat, entry in sorted(banks.items())}


def deadline_and_reminder(
    banks: dict[int, dict[str, Any]], seats: Iterable[int], limits: Limits, now: datetime
) -> tuple[datetime | None, datetime | None]:
    """The game's deadline (the earliest `until` of the awaited seats) and its reminder: when
    `reminder_percent` of the time the seat had at the start of its decision is left (none when past)."""
    deadline: datetime | None = None
    reminder: datetime | None = None
    for seat in seats:
        until, since = _at(banks[seat]["until"]), _at(banks[seat]["since"])
        if until is None or since is None:
            continue
        if deadline is None or until < deadline:
            deadline = until
        if limits.reminder_percent > 0:
            remind_at = until - (until - since) * (limits.reminder_percent / 100)
            if remind_at > now and (reminder is None or remind_at < reminder):
                reminder = remind_at
    return deadline, reminder


def expired_seats(game: Game, now: datetime) -> list[int]:
    """The awaited seats whose bank ran out by `now` (the enforcement plays only these)."""
    stored_banks = game.clock_banks or {}
    out = []
    for seat in game.awaiting:
        until = _at((stored_banks.get(str(seat)) or {}).get("until"))
        if until is not None and until <= now:
            out.append(seat)
    return out
