"""A decision's deadline: computed when the awaited seats change, kept on the game's row with every event batch.

`on_events_appended` (a hook subscriber, registered by the games app) runs in the transaction of every
event batch: a new deadline when the awaited seats change (paused by the players' declared absences), the
same clock but the new version while the same seat goes on deciding, and "due now" when an awaited seat is
marked absent (the bot plays it at once).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.db import transaction
from django.utils import timezone

from .. import hooks, selectors
from ..models import Game, SeatPresence
from ..registry import get_kind

log = logging.getLogger(__name__)


# A new game's time control, each part of which its host may change (games.services.lifecycle checks them).
DEFAULT_TIME_CONTROL: dict[str, Any] = {"decision_hours": 72, "reminder_hours": 24, "timeout_policy": "bot"}
# Deadlines a seat's player may miss in a row before the lobby offers the seat to another player ("seat
# wanted"); a game's time control may set `takeover_after` (0: never offered). Not filled into a game's
# time control when not given, so games keep their stored form.
TAKEOVER_AFTER = 3


def takeover_after(game: Game) -> int:
    """Missed deadlines in a row after which the game's seat is offered to another player (0: never)."""
    return int((game.time_control or {}).get("takeover_after", TAKEOVER_AFTER))

def time_control(game: Game) -> dict[str, Any]:
    """The game's time control with the operator defaults filled in."""
    return {**DEFAULT_TIME_CONTROL, **(game.time_control or {})}


def paused_deadline(start: datetime, duration: timedelta, absences: Iterable[tuple[datetime, datetime]]) -> datetime:
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


def fresh_deadline(
    game: Game, seats: list[int], now: datetime, *, absences_declared: bool = True
) -> tuple[datetime, datetime | None]:
    """The deadline and reminder time of a new decision of `seats`, paused by their players' absences
    (without `absences_declared`, which a game no player of which has declared one passes: none to read)."""
    control = time_control(game)
    duration = timedelta(hours=float(control["decision_hours"]))
    absences = selectors.absences_by_seat(game.pk, seats, now) if absences_declared else {}
    deadline = max(
        (paused_deadline(now, duration, absences.get(seat, [])) for seat in seats), default=now + duration
    )
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


def on_events_appended(batch: hooks.EventsAppended) -> None:
    """Hook subscriber (inside the events' transaction): set the game's deadline columns, which the
    service writes in the same UPDATE as the other projection columns."""
    game = batch.game
    now = timezone.now()
    absent = _presence_after(batch)
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
