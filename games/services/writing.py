"""What every service that changes a game shares: finding (and locking) the game's row, the random source
of its next decision, and appending events together with the projection columns in one transaction."""

from __future__ import annotations

import hashlib
import hmac
import random
from datetime import datetime
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError

from .. import hooks, selectors, store
from ..models import Command, Event, Game
from ..registry import get_kind

# The columns of a game's row that appending events changes (the deadline columns and a time bank game's
# banks are the deadline hook's: games.deadlines.clock.on_events_appended sets them on the game, and this
# one UPDATE writes them; in a game with a time per decision the banks stay {}).
PROJECTION_FIELDS = ("version", "head_hash", "awaiting", "status", "finished_at", "started_at", "players",
                     "deadline_at", "reminder_at", "deadline_version", "clock_banks")


class LostRace(Exception):
    """Another writer appended first; the command is re-decided on the new state."""


# The largest id a game can have (a 64-bit key); a larger number in a URL names no game, and asking the
# database for it would fail (SQLite: OverflowError, PostgreSQL: bigint out of range) with a 500.
MAX_GAME_ID = 2**63 - 1


def game_pk(game_id: Any) -> int | None:
    """The primary key named by `game_id` (a number, as the URL or a form gives it), or None."""
    try:
        pk = int(game_id)
    except (TypeError, ValueError):
        return None
    return pk if 0 < pk <= MAX_GAME_ID else None


def game_not_found(game_id: Any) -> ServiceError:
    """The refusal (404) for a game that does not exist."""
    return ServiceError("not_found", "game_not_found", gettext("There is no game {game}.").format(game=game_id))


def game_or_404(game_id: Any, *, lock: bool = False) -> Game:
    """The game (its row locked until the end of the transaction with `lock`), or the 404 of a missing one."""
    pk = game_pk(game_id)
    if pk is None:
        raise game_not_found(game_id)
    try:
        # get(), not filter().first(): no ORDER BY to build (412 against 552 µs of CPU for the row).
        return selectors.games(lock=lock).get(pk=pk)
    except Game.DoesNotExist:
        raise game_not_found(game_id) from None


def game_rng(game: Game, purpose: str | None = None) -> random.Random:
    """A random source for the game's next decision: HMAC of the server secret over the purpose (the
    rules' own draws by default, or e.g. "bot" for a move played for an absent seat), the game's id, its
    private salt and its version. No player sees or sends any of it; a re-decided command draws the same."""
    message = f"{purpose or game.kind}:{game.pk}:{game.rng_salt}:{game.version}".encode()
    digest = hmac.new(settings.GAMES_RNG_SECRET.encode(), message, hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


def append_and_project(
    game: Game,
    state: Any,
    events: list[Any],
    *,
    actor: User | None,
    seat: int | None,
    command: Command | None,
    previous_status: str | None = None,
) -> tuple[list[Event], Any]:
    """Append events, call the hooks, then write the projection columns in one UPDATE (same transaction).

    The hooks run before the UPDATE so that what they set on the game (the deadline columns) is written by
    that one statement. Raises LostRace when another writer moved the game's row on meanwhile."""
    now = timezone.now()
    old_version = game.version
    previous_status = previous_status or game.status
    previous_awaiting = list(game.awaiting or [])
    rows, state = store.append(
        game, state, events, command=command, actor_id=actor.pk if actor else None, actor_seat=seat, now=now
    )
    _project(game, state, rows, previous_status=previous_status, previous_awaiting=previous_awaiting,
             actor=actor, seat=seat, command=command, now=now)
    if not store.write_projection(game, old_version, PROJECTION_FIELDS, now):
        raise LostRace()
    return rows, state


def _project(
    game: Game,
    state: Any,
    rows: list[Event],
    *,
    previous_status: str,
    previous_awaiting: list[int],
    actor: User | None,
    seat: int | None,
    command: Command | None,
    now: datetime,
) -> None:
    """Set the game's projection columns after `rows` were appended (`state` is the state after them) and
    call the hooks; the caller writes the row (`PROJECTION_FIELDS`)."""
    game.version += len(rows)
    game.head_hash = rows[-1].hash if rows else game.head_hash
    game.awaiting = [int(s) for s in get_kind(game.kind).rules.awaiting(state)]
    if game.status == Game.Status.ACTIVE and not game.awaiting:
        game.status = Game.Status.FINISHED
        game.finished_at = now
    hooks.on_events_appended(
        hooks.EventsAppended(
            game=game,
            events=rows,
            state=state,
            previous_status=previous_status,
            previous_awaiting=previous_awaiting,
            actor=actor,
            seat=seat,
            command=command,
        )
    )
