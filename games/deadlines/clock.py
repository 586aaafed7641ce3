"""A decision's deadline: computed when the awaited seats change, kept on the game's row with every event batch.

`on_events_appended` (a hook subscriber, registered by the games app) runs in the transaction of every
event batch: a new deadline when the awaited seats change (paused by the players' declared absences), the
same clock but the new version while the same seat goes on deciding, and "due now" when an awaited seat is
marked absent (the bot plays it at once).

Two kinds of time control: a fixed time per decision (`decision_hours`, the default) and a time bank per
seat (`"mode": "bank"`, `games.deadlines.bank`), whose banks the subscriber keeps on the row as well.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.db import transaction
from django.utils import timezone

from .. import hooks, selectors
from ..models import Game, SeatPresence
from ..registry import get_kind
from . import bank
from .bank import paused_deadline as paused_deadline

log = logging.getLogger(__name__)


# A new game's time control, each part of which its host may change (games.services.lifecycle checks them).
DEFAULT_TIME_CONTROL: dict[str, Any] = {"decision_hours": 72, "reminder_hours": 24, "timeout_policy": "bot"}
# A time bank's defaults (`"mode": "bank"`): 3 days, 1 day more after each decision, at most 7 days in the
# bank, no double charge, the reminder when 20 % of the time the seat had for its decision is left.
DEFAULT_BANK_CONTROL: dict[str, Any] = {
    "mode": bank.BANK_MODE, "initial_hours": 72, "increment_hours": 24, "max_bank_hours": 168,
    "double_after_hours": None, "reminder_percent": 20, "timeout_policy": "bot",
}
# Deadlines a seat's player may miss in a row before the lobby offers the seat to another player ("seat
# wanted"); a game's time control may set `takeover_after` (0: never offered). Not filled into a game's
# time control when not given, so games keep their stored form.
TAKEOVER_AFTER = 3


def takeover_after(game: Game) -> int:
    """Missed deadlines in a row after which the game's seat is offered to another player (0: never)."""
    return int((game.time_control or {}).get("takeover_after", TAKEOVER_AFTER))

def time_control(game: Game) -> dict[str, Any]:
    """The game's time control with the operator defaults filled in."""
    stored = game.time_control or {}
    return {**(DEFAULT_BANK_CONTROL if bank.is_bank(stored) else DEFAULT_TIME_CONTROL), **stored}


def fresh_deadline(
    game: Game, seats: list[int], now: datetime, *, absences_declared: bool = True
) -> tuple[datetime, datetime | None]:
    """The deadline and reminder time of a new decision of `seats`, paused by their players' absences
    (without `absences_declared`, which a game no player of which has declared one passes: none to read).
    With a time bank, the awaited seats' running clocks are computed anew from their banks (a seat whose
    clock was not running starts it now) and `game.clock_banks` is set: the caller writes it too."""
    control = time_control(game)
    if bank.is_bank(control):
        limits = bank.Limits.of(control)
        banks = bank.banks_after(game, limits, set(), set(seats), now)
        game.clock_banks = bank.stored(banks)
        deadline, reminder = bank.deadline_and_reminder(banks, seats, limits, now)
        return deadline or now, reminder
    duration = timedelta(hours=float(control["decision_hours"]))
    absences = selectors.absences_by_seat(game.pk, seats, now) if absences_declared else {}
    deadline = max(
        (paused_deadline(now, duration, absences.get(seat, [])) for seat in seats), default=now + duration
    )
    if "reminder_percent" in control:  # when this share of the time for the decision is left (0: none)
        share = float(control["reminder_percent"]) / 100
        reminder = deadline - (deadline - now) * share if share > 0 else None
    else:
        reminder_hours = float(control["reminder_hours"])
        reminder = deadline - timedelta(hours=reminder_hours) if reminder_hours > 0 else None
    if reminder is not None and reminder <= now:
        reminder = None
    return deadline, reminder


def enforce_soon(game_id: int, version: int) -> None:
    """Once the transaction commits, have the deadline set at `version` enforced by a task at once (the seat
    the game awaits is played by the bot): the beat would catch it within a minute anyway."""

    def send_task() -> None:
        # By its registered name: the task module sits above the deadlines (it calls the sweep), so the clock
        # does not import it.
        current_app.tasks["games.enforce_deadline"].delay(game_id, version)

    transaction.on_commit(send_task)


def _resigned_after(batch: hooks.EventsAppended, acted: int | None) -> set[int]:
    """The seats whose player resigned (the rules' state says so). A seat that resigned with this batch is
    marked absent for good here, so the bot plays it at once from now on (the enforcement plays absent seats
    without counting timeouts). Nothing is read or written in a game nobody resigned."""
    game = batch.game
    resigned = set(get_kind(game.kind).rules.resigned(batch.state))
    if acted is not None and acted in resigned:
        record = selectors.timeout_records(game.pk).get(acted) if game.timed_out else None
        if record is None or record.absent_since is None:
            SeatPresence.objects.update_or_create(
                game=game, seat=acted, defaults={"absent_since": timezone.now(), "resigned": True}
            )
            game.timed_out = True  # (the record's first save marks the row too)
        elif not record.resigned:  # absent already (the bot plays it): from now on for good, never offered
            SeatPresence.objects.filter(pk=record.pk).update(resigned=True)
    return resigned


def _presence_after(batch: hooks.EventsAppended) -> set[int]:
    """The awaited seats that are absent (or resigned), after the acting player's own command (which makes
    them present again: their timeout streak is over; a resignation instead marks the seat absent for good).
    One query, plus an UPDATE only when a streak is reset."""
    game = batch.game
    acted = batch.seat if batch.command is not None and not batch.command.by_service else None
    awaited = set(game.awaiting) if game.status == Game.Status.ACTIVE else set()
    resigned = _resigned_after(batch, acted)
    if acted in resigned:
        acted = None  # a resigned seat's streak is never reset: it stays absent
    wanted = awaited | ({acted} if acted is not None else set())
    if not wanted or not game.timed_out:  # no seat here ever let a deadline pass: none has a record
        return set()
    absent: set[int] = set()
    records = selectors.timeout_records(game.pk)
    for seat in sorted(wanted & set(records)):
        streak, since = records[seat].consecutive_timeouts, records[seat].absent_since
        if seat == acted:
            if streak or since is not None:
                # (A player's command: never inside the deadline sweep's unit of work, whose reads it would pass by.)
                SeatPresence.objects.filter(game=game, seat=seat).update(consecutive_timeouts=0, absent_since=None)
        elif since is not None and seat in awaited:
            absent.add(seat)
    return absent | (awaited & resigned)


def _new_deadline(game: Game, now: datetime) -> tuple[datetime, datetime | None]:
    """A fresh deadline of the seats the game awaits, reading the absences only where some were declared."""
    return fresh_deadline(game, list(game.awaiting), now, absences_declared=game.absences_declared)


def _run_banks(batch: hooks.EventsAppended, now: datetime) -> tuple[datetime | None, datetime | None]:
    """A time bank game's batch: when the awaited seats changed, the banks pay and start (set on the game,
    which the service writes with its projection columns) and the deadline is the earliest awaited seat's; else the clocks
    run on (the stored deadline)."""
    game = batch.game
    before = set(batch.previous_awaiting) if batch.previous_status == Game.Status.ACTIVE else set()
    after = set(game.awaiting) if game.status == Game.Status.ACTIVE else set()
    if before == after and (game.deadline_at is not None or not after):
        return game.deadline_at, game.reminder_at
    limits = bank.Limits.of(time_control(game))
    banks = bank.banks_after(game, limits, before, after, now)
    # One of the service's projection columns: written with the others in its one UPDATE (or, in the
    # deadline sweep's unit of work, in the game's one compare-and-set).
    game.clock_banks = bank.stored(banks)
    return bank.deadline_and_reminder(banks, sorted(after), limits, now)


def _bank_deadline(
    batch: hooks.EventsAppended, now: datetime, absent: set[int]
) -> tuple[datetime | None, datetime | None, int | None]:
    """A time bank game's deadline columns after the batch (the banks run, `_run_banks`); due now when an
    awaited seat is absent, as with a time per decision."""
    game = batch.game
    deadline, reminder = _run_banks(batch, now)
    if deadline is None or game.status != Game.Status.ACTIVE or not game.awaiting:
        return None, None, None
    if absent:
        enforce_soon(game.pk, game.version)
        return now, None, game.version
    return deadline, reminder, game.version


def on_events_appended(batch: hooks.EventsAppended) -> None:
    """Hook subscriber (inside the events' transaction): set the game's deadline columns, which the
    service writes in the same UPDATE as the other projection columns."""
    game = batch.game
    now = timezone.now()
    absent = _presence_after(batch)
    if bank.is_bank(game.time_control or {}):
        # At the events' own time, so that the banks can be derived from the log (`bank_log`).
        at = batch.events[-1].created_at if batch.events else now
        game.deadline_at, game.reminder_at, game.deadline_version = _bank_deadline(batch, at, absent)
        return
    if game.status != Game.Status.ACTIVE or not game.awaiting:
        deadline: datetime | None = None
        reminder: datetime | None = None
        version: int | None = None
    elif absent:
        # The bot plays an absent seat at once: due now, and a task is sent after commit (the beat would
        # catch it within a minute anyway).
        deadline, reminder, version = now, None, game.version
        enforce_soon(game.pk, game.version)
        log.debug("game %s: absent seats %s are played at once", game.pk, sorted(absent))
    elif sorted(batch.previous_awaiting) != sorted(game.awaiting) or batch.previous_status != Game.Status.ACTIVE:
        deadline, reminder = _new_deadline(game, now)
        version = game.version
    else:
        # The same seat goes on with its decision (a turn of several commands, one after the other): the
        # same clock runs on, but the enforcement must name the new version.
        # (The row was loaded under lock at the start of the command, so these are the stored values.)
        deadline, reminder = game.deadline_at, game.reminder_at
        if deadline is None:
            deadline, reminder = _new_deadline(game, now)
        version = game.version
    game.deadline_at, game.reminder_at, game.deadline_version = deadline, reminder, version
