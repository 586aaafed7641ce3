"""Enforcing passed deadlines: the service plays the awaited seats with ordinary commands.

A late player's seat is played by the easy level's bot (cheap: a sensible move), an absent one's by the
game's stand-in, its strongest bot (`LATE_LEVEL`, `HANDED_OVER`). Each command goes through the one write
path of every command (`games.services.apply_command`, which a player's `execute` calls too), on the game's
locked row: the enforcement checks that the deadline set at
`version` is still the game's, so a player who moved meanwhile has changed the version and the enforcement
does nothing. Exactly once by construction, however many sweepers or task redeliveries run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError

from .. import hooks, selectors, services, store, unit_of_work
from ..models import SERVICE_KEY_PREFIX, Game, Seat, SeatPresence
from ..registry import get_kind
from ..services.bots import bot_for
from . import bank
from .clock import enforce_soon, time_control
from .reminders import remind

MAX_COMMANDS_PER_ENFORCEMENT = 60
# Which bot plays a passed deadline. A seat whose player is late (the policy `bot`) gets the bot of the
# easy level, the rules' heuristic one: a timeout's move must be sensible, not strong, and the sweep plays
# thousands of them at once. The strongest bots search (one rolls a round out for each candidate: ~13 ms and
# more a decision on a loaded core against the heuristic's ~0.5 ms; at 10,000 deadlines that alone is more
# than 20 s on 2 cores; benchmarks/deadlines.py --profile). A seat handed to the bot, absent (resigned,
# withdrawn from a tournament under the bot policy, too many timeouts in a row), keeps the stand-in, the
# game's strongest bot: it plays that seat's every decision from then on, and those are few.
LATE_LEVEL = "easy"
HANDED_OVER = "stand_in"
# The columns of a game's row an enforcement sets beside its commands' projection.
ENFORCEMENT_FIELDS = ("timed_out", "deadline_at", "reminder_at", "deadline_version")


def absent_after() -> int:
    """Consecutive timeouts after which a seat is marked absent (operator setting)."""
    return int(settings.GAMES_ABSENT_AFTER_TIMEOUTS)


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

    `bot`: the choice of the bot of the easy level (`LATE_LEVEL`). `minimal`: the least move: the first of
    the kind's `minimal_commands` that is legal, else the first legal command. `stand_in` (`HANDED_OVER`,
    no game's policy: an absent seat's): the kind's stand-in, its strongest bot.
    """
    kind = get_kind(game.kind)
    legal = kind.rules.legal_commands(state, seat)
    if not legal:
        raise ServiceError("conflict", "nothing_to_play", gettext("Seat {seat} has no legal command.").format(seat=seat))
    if policy in ("bot", HANDED_OVER):
        bot = kind.timeout_bot if policy == HANDED_OVER else bot_for(kind, LATE_LEVEL)
        return dict(bot(state, seat, services.game_rng(game, purpose="bot")))
    by_type = {c["type"]: c for c in reversed(legal)}  # the first of each type wins
    for preferred in kind.minimal_commands:
        if preferred in by_type:
            return dict(by_type[preferred])
    return dict(legal[0])


def enforce_locked(game: Game, version: int, now: datetime) -> Enforcement | None:
    """Enforce the deadline set at `version` on this game, whose row this transaction has locked: what was
    done, or None when it was not due or the game moved on meanwhile (nothing to do, by design)."""
    if not _is_due(game, version, now):
        return None
    return _enforce(game, version, now)


def enforce_deadline(game_id: int, version: int, now: datetime | None = None) -> Enforcement | None:
    """Enforce the deadline set at `version` if it is still the game's and has passed (the task's body).

    Waits for the game's row lock (a player's command in flight finishes first), then checks: a game
    that moved on since `version` is left alone. Safe to call any number of times.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update(of=("self",)).filter(pk=game_id).first()
        return enforce_locked(game, version, now) if game is not None else None


def _is_due(game: Game, version: int, now: datetime) -> bool:
    return (
        game.status == Game.Status.ACTIVE
        and game.deadline_version == version
        and game.version == version
        and game.deadline_at is not None
        and game.deadline_at <= now
    )


def _enforce(game: Game, version: int, now: datetime) -> Enforcement:
    """Play the seats of the due deadline set at `version` (the game's row locked): what was done."""
    # Both read through the unit of work: in the sweep, one statement each for the batch's games.
    users = unit_of_work.read("games.seated_users", game.pk, selectors.seated_users, models=(Seat, User))
    # The seats' timeout records (none before the game's first timeout: not asked for then).
    records = selectors.timeout_records(game.pk) if game.timed_out else {}
    absent = {seat for seat, record in records.items() if record.absent_since is not None}
    if game.reminder_at is not None:
        # This deadline's reminder was never written: `send_due_reminders` skips a row that is locked at that
        # moment (SKIP LOCKED: a player's command, another worker's enforcement) and the beat may have been
        # down past both the reminder point and the deadline. The player is reminded before the service acts,
        # in this transaction, so the reminder always precedes the timeout email.
        remind(game, version, absent)
        game.reminder_at = None  # written with the first command's projection
    # Absent seats are played at once; on a real timeout every awaited seat is played (with time banks,
    # every one whose own bank ran out).
    absent_awaited = sorted(seat for seat in game.awaiting if seat in absent)
    targets = absent_awaited or _out_of_time(game, now)
    policy = HANDED_OVER if absent_awaited else str(time_control(game)["timeout_policy"])
    result = Enforcement(game.pk, version, targets)
    for seat in targets:
        if game.version != version and seat not in game.awaiting:
            continue
        result.commands += _play_for_seat(game, seat, users[seat], policy, version)
        if seat not in absent:
            presence = _count_timeout(game, seat, records.get(seat), now, result)
            hooks.timeout_played(
                hooks.TimeoutPlayed(
                    game, seat, users[seat], version=version, first_seq=version + 1, policy=policy,
                    absent=seat in result.newly_absent, streak=presence.consecutive_timeouts,
                )
            )
            # The next commands of this enforcement ask who is absent (the deadline, the turn emails): they
            # read it through the unit of work, which writes this row first (`unit_of_work.read`).
            unit_of_work.insert(
                [presence], update_conflicts=True, unique_fields=["game", "seat"],
                update_fields=["consecutive_timeouts", "total_timeouts", "absent_since"],
            )
    if game.status == Game.Status.ACTIVE and set(game.awaiting) & set(result.newly_absent):
        # The next decision already belongs to a seat that just went absent: play it at once too.
        game.deadline_at, game.reminder_at, game.deadline_version = now, None, game.version
        enforce_soon(game.pk, game.version)
    # The mark of a first timeout and that deadline, with the commands' projection (in the sweep's unit of
    # work, in the same statement).
    store.write_projection(game, game.version, ENFORCEMENT_FIELDS, now)
    return result


def _out_of_time(game: Game, now: datetime) -> list[int]:
    """The awaited seats a passed deadline plays: all of them with a time per decision; with time banks,
    those whose own bank ran out (the others of a simultaneous decision go on with theirs)."""
    if bank.is_bank(game.time_control or {}):
        return bank.expired_seats(game, now) or list(game.awaiting)
    return list(game.awaiting)


def _count_timeout(game: Game, seat: int, known: SeatPresence | None, now: datetime, result: Enforcement) -> SeatPresence:
    """The seat's timeout record with one more timeout, and absence once its streak is long enough (the
    caller writes it)."""
    presence = SeatPresence(
        game_id=game.pk, seat=seat, consecutive_timeouts=(known.consecutive_timeouts if known else 0) + 1,
        total_timeouts=(known.total_timeouts if known else 0) + 1, absent_since=known.absent_since if known else None,
    )
    if presence.absent_since is None and presence.consecutive_timeouts >= absent_after():
        presence.absent_since = now
        result.newly_absent.append(seat)
    game.timed_out = True  # commands look for the seats' timeout records from now on
    return presence


def _play_for_seat(game: Game, seat: int, user: User, policy: str, version: int) -> int:
    """Play the seat's decision to its end (until the game stops awaiting it) through the one write path of
    every command: the number of commands."""
    played = 0
    state = store.load_state(game)
    for step in range(MAX_COMMANDS_PER_ENFORCEMENT):
        if game.status != Game.Status.ACTIVE or seat not in game.awaiting:
            break
        command = choose_command(policy, state, seat, game)
        applied = services.apply_command(
            game, user, seat, command, key=f"{SERVICE_KEY_PREFIX}{version}:{seat}:{step}",
            expected_version=game.version, by_service=True,
        )
        state = applied.state
        played += 1
    return played
