"""The one write path of a tournament: `advance` locks its row, checks its version, folds its log, lets a
step append events (and do what they say: create the round's games), and writes the events with the
projection columns in the same transaction.

Exactly once by construction: two writers of one tournament are serialised by the row lock, and every step
decides from the fold it finds under the lock (a round already paired is not paired again), so a beat task
and a hook or a request racing each other, a task delivered twice or a worker killed with -9 mid-step (its
transaction rolled back: the next beat does the step) each leave one set of events. `UNIQUE(tournament,
seq)` and the version compare-and-set are the last guards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError

from .. import hooks, standings
from ..models import Tournament, TournamentEvent

T = TypeVar("T")


def tournament_not_found(tournament_id: Any) -> ServiceError:
    """The refusal for a tournament that does not exist."""
    return ServiceError("not_found", "tournament_not_found", gettext("There is no tournament {id}.").format(id=tournament_id))


def tournament_pk(tournament_id: Any) -> int:
    """The tournament's id as an int, or the not-found refusal."""
    try:
        pk = int(tournament_id)
    except (TypeError, ValueError):
        raise tournament_not_found(tournament_id) from None
    if not 0 < pk < 2**63:
        raise tournament_not_found(tournament_id)
    return pk


def events_of(tournament: Tournament) -> list[tuple[str, dict[str, Any]]]:
    """The tournament's log as (type, data) pairs, in order."""
    return [(t, d) for t, d in TournamentEvent.objects.filter(tournament=tournament).order_by("seq").values_list("type", "data")]


def load_state(tournament: Tournament) -> standings.TournamentState:
    """The fold of the tournament's log (a few hundred events at most: no snapshot needed)."""
    return standings.fold(events_of(tournament))


@dataclass
class Writer:
    """What a step sees and appends with: the locked tournament, its state (kept up to date with every
    event the step appends) and the time of the step."""

    tournament: Tournament
    state: standings.TournamentState
    now: datetime
    actor: User | None = None
    appended: list[TournamentEvent] = field(default_factory=list)
    after_commit: list[Callable[[], None]] = field(default_factory=list)

    def append(self, type_: str, data: dict[str, Any]) -> None:
        """Append one event (written when the step is done) and fold it into the state at once."""
        if type_ not in standings.EVENT_TYPES:
            raise ValueError(f"unknown tournament event {type_!r}")
        standings.evolve(self.state, type_, data)
        seq = self.tournament.version + len(self.appended) + 1
        self.appended.append(TournamentEvent(
            tournament=self.tournament, seq=seq, type=type_, data=data, actor=self.actor, created_at=self.now,
        ))


def advance(
    tournament_id: Any,
    step: Callable[[Writer], T],
    *,
    expected_version: int | None = None,
    actor: User | None = None,
    now: datetime | None = None,
    skip_locked: bool = False,
) -> T | None:
    """Run `step` on the tournament under its row lock and write what it appended: the step's answer.

    `expected_version`: refuse (409 `version_conflict`) unless the tournament is at that version. With
    `skip_locked` (the beat task), a tournament another writer holds is left alone (None): that writer is
    doing the step. The projection columns (status, version, current round, players, due time) are written
    by one compare-and-set UPDATE on the version the step started from."""
    pk = tournament_pk(tournament_id)
    now = now or timezone.now()
    with transaction.atomic():
        rows = Tournament.objects.select_for_update(skip_locked=skip_locked).filter(pk=pk)
        tournament = rows.first()
        if tournament is None:
            if skip_locked and Tournament.objects.filter(pk=pk).exists():
                return None
            raise tournament_not_found(tournament_id)
        if expected_version is not None and expected_version != tournament.version:
            raise ServiceError(
                "conflict", "version_conflict",
                gettext("The tournament moved on: it is at version {version}, not {expected}.").format(
                    version=tournament.version, expected=expected_version),
                version=tournament.version,
            )
        writer = Writer(tournament, load_state(tournament), now, actor)
        due_before = tournament.due_at
        answer = step(writer)
        if writer.appended:
            _write(writer)
        elif tournament.due_at != due_before:  # a step that only looked: when to look again
            Tournament.objects.filter(pk=tournament.pk).update(due_at=tournament.due_at)
        for callback in writer.after_commit:
            transaction.on_commit(callback)
    return answer


def _write(writer: Writer) -> None:
    """The step's events and the projection columns, in the step's transaction."""
    tournament, state = writer.tournament, writer.state
    TournamentEvent.objects.bulk_create(writer.appended)
    before = tournament.version
    tournament.version = before + len(writer.appended)
    tournament.status = {
        standings.SIGNUP: Tournament.Status.SIGNUP, standings.RUNNING: Tournament.Status.RUNNING,
        standings.OVER: Tournament.Status.ENDED, standings.CALLED_OFF: Tournament.Status.CANCELLED,
    }[state.status]
    tournament.current_round = state.last_round
    tournament.players_count = len(state.players) if state.status != standings.SIGNUP else len(state.entrants)
    if state.status == standings.RUNNING and tournament.started_at is None:
        tournament.started_at = writer.now
    if state.status in (standings.OVER, standings.CALLED_OFF) and tournament.ended_at is None:
        tournament.ended_at = writer.now
        tournament.due_at = None
    fields = ["version", "status", "current_round", "players_count", "started_at", "ended_at", "due_at"]
    written = Tournament.objects.filter(pk=tournament.pk, version=before).update(
        **{name: getattr(tournament, name) for name in fields})
    if written != 1:  # never under the row lock; the guard if a writer ever forgets it
        raise ServiceError("conflict", "busy", gettext("The tournament is busy; try again."))
    # The apps above (the mails) write what the events cause in this transaction, like the games' hooks.
    hooks.events_written(tournament, list(writer.appended))
