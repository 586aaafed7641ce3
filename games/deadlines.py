"""Deadlines: when a seat is awaited the game records its deadline; a passed deadline is enforced once.

* Bookkeeping (`on_events_appended`, a hook subscriber registered by the notifications app) runs in the
  transaction of every event batch: a new deadline when the awaited seats change (paused by the
  players' declared absences), the same clock but the new version while the same seat goes on deciding,
  and "due now" when an awaited seat is marked absent (the bot plays it at once).
* Enforcement (`enforce_due_deadlines`, the beat task's body, and `enforce_deadline`) issues ordinary
  commands through `games.services.execute` for the awaited seat, naming as expected version the version at
  which the deadline was set. A player who moved meanwhile has changed the version, so the enforcement
  does nothing: exactly once by construction, however many sweepers or task redeliveries run.

The deadline lives in the database (indexed `deadline_at`), never in a long Celery ETA.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import transaction
from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from config.errors import ServiceError

from . import hooks, services, store
from .models import SERVICE_KEY_PREFIX, Absence, Game, Seat, SeatPresence
from .registry import get_kind

if TYPE_CHECKING:
    from accounts.models import User


log = logging.getLogger(__name__)

# Idempotency keys of commands issued by the service for a seat start with this: the history and the
# emails mark those moves as "played for the absent player".
TIMEOUT_KEY_PREFIX = SERVICE_KEY_PREFIX  # the history marks these moves as the service's
MAX_COMMANDS_PER_ENFORCEMENT = 60
# The columns of a game's row that a command changes.
PROJECTION_FIELDS = ("version", "head_hash", "awaiting", "status", "finished_at", "deadline_at", "reminder_at",
                     "deadline_version", "timed_out")
# A deadline whose enforcement failed (a bug, not a race) is retried this much later instead of blocking the sweep.
FAILED_ENFORCEMENT_RETRY = timedelta(minutes=10)


def absent_after() -> int:
    """Consecutive timeouts after which a seat is marked absent (operator setting)."""
    return int(getattr(settings, "GAMES_ABSENT_AFTER_TIMEOUTS", 3))


def absence_days_per_year() -> int:
    """How many days of declared absence a player has per calendar year (operator setting)."""
    return int(getattr(settings, "GAMES_ABSENCE_DAYS_PER_YEAR", 30))


def is_timeout_key(key: str | None) -> bool:
    """Whether a command's idempotency key marks it as played by the service for an absent player."""
    return bool(key) and str(key).startswith(TIMEOUT_KEY_PREFIX)


def time_control(game: Game) -> dict[str, Any]:
    """The game's time control with the operator defaults filled in."""
    return {**services.DEFAULT_TIME_CONTROL, **(game.time_control or {})}


# --- computing deadlines ---------------------------------------------------------------------------


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


def _absent_seats(game: Game, seats: Iterable[int]) -> set[int]:
    return set(
        SeatPresence.objects.filter(game=game, seat__in=list(seats), absent_since__isnull=False).values_list(
            "seat", flat=True
        )
    )


def _awaited(game: Game, seats: list[int]) -> list[Seat]:
    """These seats with their users and their timeout record (`presence_id`, `consecutive_timeouts`,
    `total_timeouts`, `absent_since`; None without one): one query."""
    record = SeatPresence.objects.filter(game=OuterRef("game"), seat=OuterRef("index"))
    return list(
        Seat.objects.filter(game=game, index__in=seats)
        .select_related("user")
        .annotate(**{name: Subquery(record.values(column)[:1]) for name, column in (
            ("presence_id", "pk"), ("consecutive_timeouts", "consecutive_timeouts"),
            ("total_timeouts", "total_timeouts"), ("absent_since", "absent_since"),
        )})
    )


def fresh_deadline(game: Game, seats: list[int], now: datetime) -> tuple[datetime, datetime | None]:
    """The deadline and reminder time of a new decision of `seats`, paused by their players' absences."""
    control = time_control(game)
    duration = timedelta(hours=float(control["decision_hours"]))
    # One query: the absences still to come of the players at these seats, by seat.
    absences: dict[int, list[tuple[datetime, datetime]]] = {}
    for seat, starts_at, ends_at in Absence.objects.filter(
        user__seats__game=game, user__seats__index__in=seats, ends_at__gt=now
    ).values_list("user__seats__index", "starts_at", "ends_at"):
        absences.setdefault(seat, []).append((starts_at, ends_at))
    deadline = max(
        (paused_deadline(now, duration, absences.get(seat, [])) for seat in seats), default=now + duration
    )
    reminder_hours = float(control["reminder_hours"])
    reminder = deadline - timedelta(hours=reminder_hours) if reminder_hours > 0 else None
    if reminder is not None and reminder <= now:
        reminder = None
    return deadline, reminder


def _presence_after(batch: hooks.EventsAppended) -> set[int]:
    """The awaited seats that are absent, after the acting player's own command (which makes them present
    again: their timeout streak is over). One query, plus an UPDATE only when a streak is reset."""
    game = batch.game
    acted = (
        batch.seat
        if batch.command is not None and batch.seat is not None and not is_timeout_key(batch.command.idempotency_key)
        else None
    )
    awaited = set(game.awaiting) if game.status == Game.Status.ACTIVE else set()
    wanted = awaited | ({acted} if acted is not None else set())
    if not wanted or not game.timed_out:  # no seat here ever let a deadline pass: none has a record
        return set()
    absent: set[int] = set()
    for seat, streak, since in SeatPresence.objects.filter(game=game, seat__in=sorted(wanted)).values_list(
        "seat", "consecutive_timeouts", "absent_since"
    ):
        if seat == acted:
            if streak or since is not None:
                SeatPresence.objects.filter(game=game, seat=seat).update(consecutive_timeouts=0, absent_since=None)
        elif since is not None and seat in awaited:
            absent.add(seat)
    return absent


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
        game_id, at = game.pk, game.version

        def kick() -> None:
            from .tasks import enforce_deadline as task

            task.delay(game_id, at)

        transaction.on_commit(kick)
        log.debug("game %s: absent seats %s are played at once", game.pk, sorted(absent))
    elif sorted(batch.previous_awaiting) != sorted(game.awaiting) or batch.previous_status != Game.Status.ACTIVE:
        deadline, reminder = fresh_deadline(game, list(game.awaiting), now)
        version = game.version
    else:
        # The same seat goes on with its decision (e.g. took gold, now builds): the same clock runs on, but
        # the enforcement must name the new version.
        # (The row was loaded under lock at the start of the command, so these are the stored values.)
        deadline, reminder = game.deadline_at, game.reminder_at
        if deadline is None:
            deadline, reminder = fresh_deadline(game, list(game.awaiting), now)
        version = game.version
    game.deadline_at, game.reminder_at, game.deadline_version = deadline, reminder, version


# --- enforcing deadlines ---------------------------------------------------------------------------


@dataclass
class Enforcement:
    """What one enforcement did: for which seats, how many commands, who was newly marked absent."""

    game_id: int
    version: int
    seats: list[int] = field(default_factory=list)
    commands: int = 0
    newly_absent: list[int] = field(default_factory=list)


def choose_command(policy: str, state: Any, seat: int, game: Game) -> dict[str, Any]:
    """The command the service sends for a seat whose deadline passed, by the game's timeout policy.

    `bot`: the kind's bot's choice. `minimal`: the least move: the first of the kind's `minimal_commands`
    that is legal, else the first legal command.
    """
    kind = get_kind(game.kind)
    legal = kind.rules.legal_commands(state, seat)
    if not legal:
        raise ServiceError("conflict", "nothing_to_play", f"Seat {seat} has no legal command.")
    if policy == "bot":
        return dict(kind.timeout_bot(state, seat, services.game_rng(game, purpose="bot")))
    by_type = {c["type"]: c for c in reversed(legal)}  # the first of each type wins
    for preferred in kind.minimal_commands:
        if preferred in by_type:
            return dict(by_type[preferred])
    return dict(legal[0])


def _play_for_seat(game: Game, seat: int, user: User, policy: str, version: int) -> int:
    """Play the seat's decision to its end (until the game stops awaiting it); the number of commands."""
    played = 0
    for step in range(MAX_COMMANDS_PER_ENFORCEMENT):
        if game.status != Game.Status.ACTIVE or seat not in game.awaiting:
            break
        state = store.load_state(game)  # the state of the game's head: folded once, then from the cache
        command = choose_command(policy, state, seat, game)
        result = services.execute(
            user,
            game.pk,
            command,
            idempotency_key=f"{TIMEOUT_KEY_PREFIX}{version}:{seat}:{step}",
            expected_version=game.version,
        )
        played += 1
        if result.game is None:
            game.refresh_from_db()
        else:  # the row as the command left it (this transaction holds its lock): no need to read it again
            for name in PROJECTION_FIELDS:
                setattr(game, name, getattr(result.game, name))
    return played


def _enforce_locked(game: Game, version: int, now: datetime) -> Enforcement | None:
    """Enforce the deadline set at `version` on a game whose row this transaction has locked."""
    if (
        game.status != Game.Status.ACTIVE
        or game.deadline_version != version
        or game.version != version
        or game.deadline_at is None
        or game.deadline_at > now
    ):
        return None  # moved on meanwhile, or not due: nothing to do, by design
    awaiting = list(game.awaiting)
    seats = _awaited(game, awaiting)
    absent = {s.index for s in seats if s.absent_since is not None}  # type: ignore[attr-defined]
    if game.reminder_at is not None:
        # This deadline's reminder was never written: `send_due_reminders` skips a row that is locked at that
        # moment (SKIP LOCKED: a player's command, another worker's enforcement) and the beat may have been
        # down past both the reminder point and the deadline. The player is reminded before the service acts,
        # in this transaction, so the reminder always precedes the timeout email.
        _remind(game, version, absent=absent)
    # Absent seats are played at once; on a real timeout every awaited seat is played.
    targets = sorted(absent) if absent else awaiting
    users = {s.index: s.user for s in seats}
    presences = {s.index: s for s in seats}
    policy = "bot" if absent else str(time_control(game)["timeout_policy"])
    result = Enforcement(game.pk, version, targets)
    first_seq = version + 1
    for seat in targets:
        if game.version != version and seat not in game.awaiting:
            continue
        result.commands += _play_for_seat(game, seat, users[seat], policy, version)
        if seat in absent:
            continue
        # Read with the seats under the game's row lock, which every writer of a seat's presence holds.
        known = presences[seat]
        presence = SeatPresence(
            game=game, seat=seat, consecutive_timeouts=(known.consecutive_timeouts or 0) + 1,  # type: ignore[attr-defined]
            total_timeouts=(known.total_timeouts or 0) + 1, absent_since=known.absent_since,  # type: ignore[attr-defined]
        )
        if presence.absent_since is None and presence.consecutive_timeouts >= absent_after():
            presence.absent_since = now
            result.newly_absent.append(seat)
        if known.presence_id is None:  # type: ignore[attr-defined]
            presence.save(force_insert=True)  # which marks the game `timed_out`
        else:
            presence.pk = known.presence_id  # type: ignore[attr-defined]
            presence.save(force_update=True)
        hooks.timeout_played(
            hooks.TimeoutPlayed(
                game,
                seat,
                users[seat],
                version=version,
                first_seq=first_seq,
                policy=policy,
                absent=seat in result.newly_absent,
                streak=presence.consecutive_timeouts,
            )
        )
    if result.newly_absent:
        game.refresh_from_db()
        if game.status == Game.Status.ACTIVE and set(game.awaiting) & set(result.newly_absent):
            # The next decision already belongs to a seat that just went absent: play it at once too.
            Game.objects.filter(pk=game.pk).update(deadline_at=now, reminder_at=None, deadline_version=game.version)
            game_id, at = game.pk, game.version

            def kick() -> None:
                from .tasks import enforce_deadline as task

                task.delay(game_id, at)

            transaction.on_commit(kick)
    return result


def enforce_deadline(game_id: int, version: int, now: datetime | None = None) -> Enforcement | None:
    """Enforce the deadline set at `version` if it is still the game's and has passed (the task's body).

    Waits for the game's row lock (a player's command in flight finishes first), then checks: a game
    that moved on since `version` is left alone. Safe to call any number of times.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            return None
        return _enforce_locked(game, version, now)


def due_games(now: datetime) -> Any:
    """Active games whose deadline passed, earliest first (served by the index on deadline_at)."""
    return Game.objects.filter(status=Game.Status.ACTIVE, deadline_at__lte=now).order_by("deadline_at", "id")


@dataclass
class SweepReport:
    """What one sweep did."""

    enforced: int = 0
    commands: int = 0
    skipped: int = 0
    failed: int = 0


def enforce_due_deadlines(now: datetime | None = None, limit: int = 5000, batch: int = 10) -> SweepReport:
    """The beat task's body: enforce every passed deadline, a batch of games per transaction.

    The games are claimed with `SELECT ... FOR UPDATE SKIP LOCKED`, so several sweepers (or a sweeper and
    a player) never wait on each other and never enforce one deadline twice; each game is enforced in a
    savepoint of its own, so one broken game does not undo the others of its batch.
    """
    now = now or timezone.now()
    report = SweepReport()
    while report.enforced + report.skipped + report.failed < limit:
        with transaction.atomic():
            games = list(due_games(now).select_for_update(skip_locked=True)[:batch])
            for game in games:
                _enforce_one(game, now, report)
        if len(games) < batch:
            break
    return report


def _enforce_one(game: Game, now: datetime, report: SweepReport) -> None:
    """Enforce one claimed game's deadline inside the sweep's transaction; count what happened."""
    version = game.deadline_version if game.deadline_version is not None else game.version
    try:
        with transaction.atomic():
            result = _enforce_locked(game, version, now)
    except Exception:  # one broken game must not stop the sweep; it is retried later
        log.exception("enforcing the deadline of game %s failed", game.pk)
        Game.objects.filter(pk=game.pk).update(deadline_at=now + FAILED_ENFORCEMENT_RETRY)
        report.failed += 1
        return
    if result is None:
        # Stale bookkeeping (e.g. deadline_version behind): set a fresh deadline rather than spin.
        deadline, reminder = fresh_deadline(game, list(game.awaiting), now)
        Game.objects.filter(pk=game.pk).update(deadline_at=deadline, reminder_at=reminder, deadline_version=game.version)
        report.skipped += 1
    else:
        report.enforced += 1
        report.commands += result.commands


def send_due_reminders(now: datetime | None = None, batch: int = 200) -> int:
    """The beat task's other half: one reminder per decision, for games whose reminder time passed.

    A game whose row is locked right now is skipped (its `reminder_at` stays): the next sweep sends it, or,
    if its deadline is enforced first, the enforcement does (`_enforce_locked`).
    """
    now = now or timezone.now()
    sent = 0
    while True:
        with transaction.atomic():
            games = list(
                Game.objects.select_for_update(skip_locked=True)
                .filter(status=Game.Status.ACTIVE, reminder_at__lte=now)
                .order_by("reminder_at", "id")[:batch]
            )
            for game in games:
                if game.deadline_at is not None and game.deadline_version is not None:
                    sent += _remind(game, game.deadline_version, clear=False)
            Game.objects.filter(pk__in=[g.pk for g in games]).update(reminder_at=None)
        if len(games) < batch:
            return sent


def _remind(game: Game, version: int, clear: bool = True, absent: set[int] | None = None) -> int:
    """Write the reminder of the deadline set at `version` for the awaited seats the bot does not play (the
    caller holds the game's row lock; `absent`: those seats if the caller knows them); `clear`: mark it
    written (`reminder_at` None). Rows written."""
    if absent is None:
        absent = _absent_seats(game, game.awaiting)
    seats = [s for s in game.awaiting if s not in absent]
    sent = hooks.reminder_due(hooks.ReminderDue(game, seats, version=version)) if seats else 0
    if clear:
        Game.objects.filter(pk=game.pk).update(reminder_at=None)
        game.reminder_at = None
    return sent


# --- players coming and going ----------------------------------------------------------------------


def return_to_game(user: User, game_id: Any) -> bool:
    """The player is back: their seat is no longer absent; a decision of theirs gets a fresh deadline."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=services.get_game(game_id).pk).first()
        assert game is not None
        seat = services.seat_of(game, user)
        if seat is None:
            raise ServiceError("forbidden", "not_a_player", gettext("You have no seat in this game."))
        changed = SeatPresence.objects.filter(game=game, seat=seat).exclude(
            consecutive_timeouts=0, absent_since__isnull=True
        ).update(consecutive_timeouts=0, absent_since=None)
        if game.status == Game.Status.ACTIVE and seat in game.awaiting and changed:
            now = timezone.now()
            deadline, reminder = fresh_deadline(game, list(game.awaiting), now)
            Game.objects.filter(pk=game.pk).update(deadline_at=deadline, reminder_at=reminder, deadline_version=game.version)
    return bool(changed)


def seat_is_absent(game: Game, seat: int | None) -> bool:
    """Whether the bot currently plays this seat."""
    return seat is not None and bool(_absent_seats(game, [seat]))


def declare_absence(user: User, starts_at: datetime, ends_at: datetime) -> Any:
    """Declare a vacation: deadlines of the player's games pause for it (bounded days per calendar year)."""
    now = timezone.now()
    if timezone.is_naive(starts_at) or timezone.is_naive(ends_at):
        raise ServiceError("invalid", "invalid_absence", gettext("Give times with a time zone."))
    if ends_at <= starts_at:
        raise ServiceError("invalid", "invalid_absence", gettext("An absence ends after it starts."))
    if ends_at <= now:
        raise ServiceError("invalid", "invalid_absence", gettext("An absence must end in the future."))
    starts_at = max(starts_at, now)
    days = math.ceil((ends_at - starts_at).total_seconds() / 86400)
    allowance = absence_days_per_year()
    with transaction.atomic():
        # Serialise a player's declarations so two at once cannot both pass the allowance check.
        type(user).objects.select_for_update().filter(pk=user.pk).first()
        mine = Absence.objects.filter(user=user)
        if mine.filter(starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
            raise ServiceError("conflict", "absence_overlaps", gettext("This overlaps an absence you already declared."))
        year = starts_at.year
        used = sum(
            math.ceil((e - s).total_seconds() / 86400)
            for s, e in mine.filter(starts_at__year=year).values_list("starts_at", "ends_at")
        )
        if used + days > allowance:
            raise ServiceError(
                "invalid",
                "absence_allowance_exceeded",
                f"You have {max(allowance - used, 0)} of {allowance} absence days left in {year}.",
            )
        absence = Absence.objects.create(user=user, starts_at=starts_at, ends_at=ends_at)
        # Running deadlines of games waiting for this player are pushed back by the paused time.
        for game in Game.objects.select_for_update().filter(
            Q(status=Game.Status.ACTIVE), deadline_at__isnull=False, seats__user=user
        ):
            seat = services.seat_of(game, user)
            if seat is None or seat not in game.awaiting or game.deadline_at is None or game.deadline_at <= now:
                continue
            new_deadline = paused_deadline(now, game.deadline_at - now, [(starts_at, ends_at)])
            shift = new_deadline - game.deadline_at
            if shift > timedelta(0):
                Game.objects.filter(pk=game.pk).update(
                    deadline_at=new_deadline, reminder_at=game.reminder_at + shift if game.reminder_at else None
                )
    return absence


def absence_days_left(user: User, year: int) -> int:
    """Days of declared absence the player still has in a calendar year."""
    used = sum(
        math.ceil((e - s).total_seconds() / 86400)
        for s, e in Absence.objects.filter(user=user, starts_at__year=year).values_list("starts_at", "ends_at")
    )
    return max(absence_days_per_year() - used, 0)


def end_absence(user: User, absence_id: Any) -> None:
    """End a declared absence now (one not begun yet is withdrawn); deadlines it pushed back move forward
    again by the part of it that is not used."""
    now = timezone.now()
    with transaction.atomic():
        absence = Absence.objects.select_for_update().filter(pk=_int_or_none(absence_id), user=user).first()
        if absence is None or absence.ends_at <= now:
            raise ServiceError("not_found", "absence_not_found", gettext("There is no running or coming absence of yours with this id."))
        unused = absence.ends_at - max(now, absence.starts_at)
        if absence.starts_at >= now:
            absence.delete()
        else:
            Absence.objects.filter(pk=absence.pk).update(ends_at=now)
        for game in Game.objects.select_for_update().filter(status=Game.Status.ACTIVE, deadline_at__gt=now, seats__user=user):
            seat = services.seat_of(game, user)
            if seat is None or seat not in game.awaiting or game.deadline_at is None:
                continue
            deadline = max(now, game.deadline_at - unused)
            reminder = game.reminder_at - unused if game.reminder_at else None
            Game.objects.filter(pk=game.pk).update(
                deadline_at=deadline, reminder_at=reminder if reminder is None or reminder < deadline else None
            )


def away_until(game: Game, now: datetime | None = None) -> dict[int, datetime]:
    """The awaited seats whose player is on a declared absence now, with its end: their clock is paused."""
    now = now or timezone.now()
    users = dict(Seat.objects.filter(game=game, index__in=list(game.awaiting)).values_list("user_id", "index"))
    away: dict[int, datetime] = {}
    for user_id, ends_at in Absence.objects.filter(
        user_id__in=list(users), starts_at__lte=now, ends_at__gt=now
    ).values_list("user_id", "ends_at"):
        away[users[user_id]] = ends_at
    return away


def _int_or_none(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
