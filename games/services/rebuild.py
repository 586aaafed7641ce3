"""Rebuilding a game's projection columns and snapshots from its event log (`manage.py rebuild_projections`).

The log is the truth; the columns of the game's row and the snapshots are derived from it and may be
rebuilt at any time: under the game's row lock (no command or deadline runs meanwhile), the snapshots are
dropped and taken again from one fold of the whole log (the kind's own fold, as `store.load_state` folds),
the projection columns are set from the state at its end and written by `store.write_projection`, and the
result must pass `integrity.verify` before it commits. A log that is itself broken (an edited event, a
gap) cannot be repaired this way: nothing is changed and the problems are returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import ServiceError

from .. import integrity, store
from ..deadlines import bank
from ..deadlines.bank_log import banks_from_log
from ..deadlines.clock import fresh_deadline, time_control
from ..models import Event, Game, Snapshot
from ..registry import get_kind
from .writing import PROJECTION_FIELDS, game_or_404


@dataclass
class Rebuilt:
    """What a rebuild did: the projection columns it changed (name -> (old, new)), the snapshots dropped and
    taken, or (then nothing was changed) the problems of the log that stayed."""

    game_id: int
    changed: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    snapshots_dropped: int = 0
    snapshots_taken: int = 0
    problems: list[str] = field(default_factory=list)


class _Unrepairable(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def rebuild(game_id: Any) -> Rebuilt:
    """Rebuild one started game's projection columns and snapshots from its log (see the module)."""
    try:
        with transaction.atomic():
            game = game_or_404(game_id, lock=True)
            result = _rebuild_locked(game, timezone.now())
            problems = integrity.verify(game)
            if problems:
                raise _Unrepairable(problems)  # rolls the rebuild back
    except _Unrepairable as error:
        return Rebuilt(game_id=game.pk, problems=error.problems)
    # This process may hold states loaded from a broken snapshot; others must be restarted (docs/operating.md).
    store.state_cache.clear()
    return result


def _rebuild_locked(game: Game, now: datetime) -> Rebuilt:
    """The rebuild, inside the transaction that holds the game's row lock."""
    kind = get_kind(game.kind)
    events = Event.objects.filter(game=game).order_by("seq").values_list("seq", "hash", "created_at", "data")
    first = events.first()
    if first is None:
        raise ServiceError("conflict", "game_not_started", gettext("This game has not started yet."))
    before = {name: getattr(game, name) for name in PROJECTION_FIELDS}
    dropped, _ = Snapshot.objects.filter(game=game).delete()
    # The new snapshots go where the game's events are (an archived game's log stays whole in the cold
    # partition: `verify_events` reports a log split between the two).
    archived = Event.objects.filter(game=game, archived=True).exists()
    every = int(settings.GAMES_SNAPSHOT_EVERY)
    state: Any = None
    batch: list[dict[str, Any]] = []
    snapshots: list[Snapshot] = []
    last = first
    for row in events.iterator(chunk_size=2000):
        last = row
        batch.append(row[3])
        if every > 0 and row[0] % every == 0:
            state, batch = kind.fold(state, batch), []
            snapshots.append(Snapshot(game=game, seq=row[0], state=kind.rules.dump_state(state), archived=archived))
    state = kind.fold(state, batch)
    Snapshot.objects.bulk_create(snapshots)
    _project(game, state, started=first[2], last_seq=last[0], last_hash=last[1], last_at=last[2], now=now)
    store.write_projection(game, int(before["version"]), PROJECTION_FIELDS, now)
    changed = {name: (before[name], getattr(game, name)) for name in PROJECTION_FIELDS
               if before[name] != getattr(game, name)}
    return Rebuilt(game_id=game.pk, changed=changed, snapshots_dropped=dropped, snapshots_taken=len(snapshots))


def _project(
    game: Game, state: Any, *, started: datetime, last_seq: int, last_hash: str, last_at: datetime, now: datetime
) -> None:
    """Set the projection columns from the state at the log's end (a time bank game's banks from the log's
    replay). The times are kept where they are set (the service wrote them when it happened). The running
    deadline is kept, naming the new version; it starts afresh only where the stored version, awaited seats
    or status were wrong (the decision it was for may not be the one awaited now): the awaited players get
    their full time, never less. With time banks it is the awaited seats' earliest end by those banks."""
    awaiting = [int(seat) for seat in get_kind(game.kind).rules.awaiting(state)]
    decision_changed = (game.version, list(game.awaiting or []), game.status) != (
        last_seq, awaiting, Game.Status.ACTIVE)
    game.version, game.head_hash, game.awaiting = last_seq, last_hash, awaiting
    game.status = Game.Status.ACTIVE if awaiting else Game.Status.FINISHED
    game.started_at = game.started_at or started
    game.finished_at = (game.finished_at or last_at) if not awaiting else None
    # A time bank game's banks as its log gives them (`bank_log`: the batches' times, the stored absences).
    banked = bank.is_bank(time_control(game))
    game.clock_banks = banks_from_log(game) if banked else {}
    if not awaiting:
        game.deadline_at, game.reminder_at, game.deadline_version = None, None, None
    else:
        # With banks, the deadline is their awaited seats' earliest end, as the log's banks say (the clock's
        # subscriber would have set the same).
        if banked or decision_changed or game.deadline_at is None:
            game.deadline_at, game.reminder_at = fresh_deadline(game, awaiting, now)
        game.deadline_version = game.version
