"""Enforcing passed deadlines: the service plays the awaited seats with ordinary commands.

Each command is the one `games.services.execute` would apply for the seat, naming as expected version the
version at which the deadline was set: the game's row is locked, and a player who moved meanwhile has
changed the version, so the enforcement does nothing. Exactly once by construction, however many sweepers
or task redeliveries run.

Many games are enforced in one bulk (`games.bulk`): their seats, timeout records and states are read at
once, their commands decided in memory, and their commands, events, timeout records, rows and emails
written with one statement each at the end. A game whose enforcement fails is left out, whole.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.errors import ServiceError

from .. import hooks, services, store
from ..bulk import Bulk
from ..models import Command, Event, Game, SeatPresence, Snapshot
from ..registry import get_kind
from . import TIMEOUT_KEY_PREFIX
from .clock import time_control
from .reminders import remind

if TYPE_CHECKING:
    from accounts.models import User

log = logging.getLogger(__name__)

MAX_COMMANDS_PER_ENFORCEMENT = 60
# The columns of a game's row that an enforcement changes: a command's, and the mark of a first timeout.
WRITTEN_FIELDS = (*services.PROJECTION_FIELDS, "timed_out")


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


# The seats' timeout records by (game, seat): a seat has none until its first timeout.
Records = dict[tuple[int, int], SeatPresence]


def choose_command(policy: str, state: Any, seat: int, game: Game) -> dict[str, Any]:
    """The command the service sends for a seat whose deadline passed, by the game's timeout policy.

    `bot`: the kind's bot's choice. `minimal`: the least move: the first of the kind's `minimal_commands`
    that is legal, else the first legal command.
    """
    kind = get_kind(game.kind)
    legal = kind.rules.legal_commands(state, seat)
    if not legal:
        raise ServiceError("conflict", "nothing_to_play", gettext("Seat {seat} has no legal command.").format(seat=seat))
    if policy == "bot":
        return dict(kind.timeout_bot(state, seat, services.game_rng(game, purpose="bot")))
    by_type = {c["type"]: c for c in reversed(legal)}  # the first of each type wins
    for preferred in kind.minimal_commands:
        if preferred in by_type:
            return dict(by_type[preferred])
    return dict(legal[0])


def enforce_locked(
    games: Sequence[tuple[Game, int]], now: datetime
) -> list[Enforcement | None | Exception]:
    """Enforce the deadline set at each version on these games, whose rows this transaction has locked.

    One result per game: what was done; None when it was not due or moved on meanwhile (nothing to do, by
    design); or the error that stopped it, its work dropped and the other games' written.
    """
    due = [(game, version) for game, version in games if _is_due(game, version, now)]
    # The seats' timeout records, which the enforcement counts on and which say who is absent.
    records = {(r.game_id, r.seat): r for r in SeatPresence.objects.filter(game_id__in=[g.pk for g, _ in due])}
    absent: dict[int, set[int]] = {game.pk: set() for game, _ in due}
    for (game_id, seat), record in records.items():
        if record.absent_since is not None:
            absent[game_id].add(seat)
    bulk = Bulk((game.pk for game, _ in due), absent)
    try:
        found = store.load_states((game, game.version) for game, _ in due)
        states = {game.pk: found[game.pk, game.version] for game, _ in due if (game.pk, game.version) in found}
    except Exception:  # a log the rules cannot fold: each game is loaded on its own, and only that one fails
        log.warning("loading %d games' states at once failed; loading them one by one", len(due))
        states = {}
    results: dict[int, Enforcement | Exception] = {}
    for game, version in due:
        read_at = game.version
        try:
            state = states[game.pk] if game.pk in states else store.load_state(game)
            results[game.pk], state = _enforce(game, version, now, records, state, bulk)
        except Exception as error:  # a broken game (a bug, not a race): the others go on
            bulk.drop(game.pk)
            results[game.pk] = error
            continue
        bulk.defer(game.pk, _write_games, [(game, read_at, state)])
    _write(bulk, results)
    return [results.get(game.pk) for game, _ in games]


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
        (result,) = enforce_locked([(game, version)], now)
    if isinstance(result, Exception):
        raise result
    return result


def _is_due(game: Game, version: int, now: datetime) -> bool:
    return (
        game.status == Game.Status.ACTIVE
        and game.deadline_version == version
        and game.version == version
        and game.deadline_at is not None
        and game.deadline_at <= now
    )


def _enforce(
    game: Game, version: int, now: datetime, records: Records, state: Any, bulk: Bulk
) -> tuple[Enforcement, Any]:
    """Enforce one due game's deadline in memory (its rows go to the bulk); what was done, and the state."""
    users = {seat.index: seat.user for seat in bulk.seats(game.pk)}
    awaiting = list(game.awaiting)
    absent = {seat for seat in awaiting if seat in bulk.absent(game.pk)}
    if game.reminder_at is not None:
        # This deadline's reminder was never written: `send_due_reminders` skips a row that is locked at that
        # moment (SKIP LOCKED: a player's command, another worker's enforcement) and the beat may have been
        # down past both the reminder point and the deadline. The player is reminded before the service acts,
        # in this transaction, so the reminder always precedes the timeout email.
        remind(game, version, absent, bulk)
        game.reminder_at = None
    # Absent seats are played at once; on a real timeout every awaited seat is played.
    targets = sorted(absent) if absent else awaiting
    policy = "bot" if absent else str(time_control(game)["timeout_policy"])
    result = Enforcement(game.pk, version, targets)
    for seat in targets:
        if game.version != version and seat not in game.awaiting:
            continue
        state, played = _play_for_seat(game, state, seat, users[seat], policy, version, bulk)
        result.commands += played
        if seat not in absent:
            streak = _count_timeout(game, seat, records, now, bulk, result)
            hooks.timeout_played(
                hooks.TimeoutPlayed(
                    game, seat, users[seat], version=version, first_seq=version + 1, policy=policy,
                    absent=seat in result.newly_absent, streak=streak, bulk=bulk,
                )
            )
    if game.status == Game.Status.ACTIVE and set(game.awaiting) & set(result.newly_absent):
        # The next decision already belongs to a seat that just went absent: play it at once too.
        game.deadline_at, game.reminder_at, game.deadline_version = now, None, game.version
        game_id, at = game.pk, game.version

        def kick() -> None:
            from ..tasks import enforce_deadline as task

            task.delay(game_id, at)

        bulk.on_commit(game.pk, kick)
    return result, state


def _count_timeout(game: Game, seat: int, records: Records, now: datetime, bulk: Bulk, result: Enforcement) -> int:
    """One more timeout of the seat, and absence once its streak is long enough: the streak."""
    known = records.get((game.pk, seat))
    presence = records[game.pk, seat] = SeatPresence(
        game_id=game.pk, seat=seat, consecutive_timeouts=(known.consecutive_timeouts if known else 0) + 1,
        total_timeouts=(known.total_timeouts if known else 0) + 1, absent_since=known.absent_since if known else None,
    )
    if presence.absent_since is None and presence.consecutive_timeouts >= absent_after():
        presence.absent_since = now
        result.newly_absent.append(seat)
        bulk.absent(game.pk).add(seat)
    bulk.defer(game.pk, _write_presences, [presence])
    game.timed_out = True  # commands look for the seats' timeout records from now on
    return presence.consecutive_timeouts


def _play_for_seat(
    game: Game, state: Any, seat: int, user: User, policy: str, version: int, bulk: Bulk
) -> tuple[Any, int]:
    """Play the seat's decision to its end (until the game stops awaiting it): the state after it and the
    number of commands."""
    played = 0
    for step in range(MAX_COMMANDS_PER_ENFORCEMENT):
        if game.status != Game.Status.ACTIVE or seat not in game.awaiting:
            break
        command = choose_command(policy, state, seat, game)
        state = _play(game, state, seat, user, command, f"{TIMEOUT_KEY_PREFIX}{version}:{seat}:{step}", bulk)
        played += 1
    return state, played


def _play(game: Game, state: Any, seat: int, user: User, command: dict[str, Any], key: str, bulk: Bulk) -> Any:
    """One command of the service for the seat, decided and applied as `services.execute` does (the game's
    row is locked at the version the command expects), its rows handed to the bulk; the state after it."""
    events = services.decide(game, state, seat, command)
    now = timezone.now()
    record = Command(game=game, user=user, seat=seat, idempotency_key=key, command=command,
                     first_seq=game.version + 1, last_seq=game.version + len(events))
    previous_status, previous_awaiting = game.status, list(game.awaiting)
    rows, state, snapshot = store.chain(game, state, events, actor_id=user.pk, actor_seat=seat,
                                        command_id=record.pk, now=now)
    bulk.defer(game.pk, _insert_commands, [record])
    bulk.defer(game.pk, _insert_events, rows)
    if snapshot is not None:
        bulk.defer(game.pk, _insert_snapshots, [snapshot])
    services.project(game, state, rows, previous_status=previous_status, previous_awaiting=previous_awaiting,
                     actor=user, seat=seat, command=record, now=now, bulk=bulk)
    game.updated_at = now
    return state


# --- writing a bulk ----------------------------------------------------------------------------------


def _write(bulk: Bulk, results: dict[int, Enforcement | Exception]) -> None:
    """Write the enforced games' work at once; if that fails, game by game (a game whose rows cannot be
    written fails alone)."""
    enforced = [game_id for game_id, result in results.items() if isinstance(result, Enforcement)]
    groups = [enforced] if enforced else []
    while groups:
        group = groups.pop(0)
        try:
            with transaction.atomic():
                bulk.write(group)
        except Exception as error:  # a broken game: which one is found by writing them one by one
            if len(group) == 1:
                results[group[0]] = error
            else:
                log.warning("writing %d enforced games at once failed; writing them one by one", len(group))
                groups += [[game_id] for game_id in group]


def _insert_commands(rows: list[Command]) -> None:
    Command.objects.bulk_create(rows)


def _insert_events(rows: list[Event]) -> None:
    Event.objects.bulk_create(rows)


def _insert_snapshots(rows: list[Snapshot]) -> None:
    Snapshot.objects.bulk_create(rows)


def _write_presences(rows: list[SeatPresence]) -> None:
    SeatPresence.objects.bulk_create(
        rows, update_conflicts=True, unique_fields=["game", "seat"],
        update_fields=["consecutive_timeouts", "total_timeouts", "absent_since"],
    )


def _write_games(games: list[tuple[Game, int, Any]]) -> None:
    """The games' rows (each if still at the version it was read at, which its lock guarantees), then their
    new states into the process's cache."""
    if store.write_projections([(game, read_at) for game, read_at, _ in games], WRITTEN_FIELDS) != len(games):
        raise RuntimeError("a game locked for its enforcement changed meanwhile")
    for game, _, state in games:
        store.remember(game, game.head_hash, game.version, state)
