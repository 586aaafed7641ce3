"""The sweep of passed deadlines (the beat task's body): every due game enforced once, in batches."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import DatabaseError, transaction
from django.utils import timezone

from .. import store
from ..models import Game
from ..unit_of_work import part, unit_of_work
from .clock import fresh_deadline
from .enforcement import enforce_locked

log = logging.getLogger(__name__)

# A deadline whose enforcement failed (a bug, not a race) is retried this much later instead of blocking the sweep.
FAILED_ENFORCEMENT_RETRY = timedelta(minutes=10)


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

    def add(self, other: SweepReport) -> None:
        """Count what another (a batch's) report counted too."""
        self.enforced += other.enforced
        self.commands += other.commands
        self.skipped += other.skipped
        self.failed += other.failed


def enforce_due_deadlines(now: datetime | None = None, limit: int = 5000, batch: int = 50) -> SweepReport:
    """The beat task's body: enforce every passed deadline, a batch of games per transaction.

    The games are claimed with `SELECT ... FOR UPDATE SKIP LOCKED`, so several sweepers (or a sweeper and
    a player) never wait on each other and never enforce one deadline twice. A batch's commands are written
    together at its end (`games.unit_of_work`), and what they read (the seats, the absences, the timeout
    records, the outbox's recipients) is read once for all its games; each game is enforced in a savepoint
    and a part of the unit of its own, so one that fails (a bug, or a statement the database refuses) leaves
    nothing behind and has its deadline put back (`FAILED_ENFORCEMENT_RETRY`), while the batch's others go
    on. If writing the batch fails, its games are enforced again one at a time, each written at once.
    """
    now = now or timezone.now()
    report = SweepReport()
    while report.enforced + report.skipped + report.failed < limit:
        with transaction.atomic():
            games = list(due_games(now).select_for_update(skip_locked=True, of=("self",))[:batch])
            report.add(_enforce_batch(games, now))
        if len(games) < batch:
            break
    return report


def _enforce_batch(games: list[Game], now: datetime) -> SweepReport:
    """Enforce the claimed games' deadlines (inside the transaction that holds their row locks)."""
    batch_report = SweepReport()
    try:
        with transaction.atomic(), unit_of_work([game.pk for game in games]):
            _load_states(games)
            for game in games:
                _enforce_one(game, now, batch_report)
    except DatabaseError as error:
        # A row of one game that cannot be written (the savepoint rolled the whole batch back): which game is
        # found by enforcing them one by one, on their rows as they are (still locked by this transaction).
        log.warning("writing %d enforced games at once failed (%s); enforcing them one by one", len(games), error)
        batch_report = SweepReport()
        for game in Game.objects.filter(pk__in=[game.pk for game in games]).order_by("deadline_at", "id"):
            _enforce_one(game, now, batch_report)
    return batch_report


def _load_states(games: list[Game]) -> None:
    """The games' states, folded together (three statements for the batch): each enforcement then finds its
    game's in the process's cache. A log the rules cannot fold is left for its own enforcement to fail on."""
    try:
        store.load_states((game, game.version) for game in games)
    except DatabaseError:
        raise
    except Exception as error:
        log.warning("folding %d games' logs at once failed (%r); each is loaded on its own", len(games), error)


def _enforce_one(game: Game, now: datetime, report: SweepReport) -> None:
    """Enforce one claimed game's deadline in a savepoint and count what it did (inside the sweep's
    transaction, which holds the game's row lock)."""
    version = game.deadline_version if game.deadline_version is not None else game.version
    try:
        with transaction.atomic(), part():
            result = enforce_locked(game, version, now)
    except Exception as error:  # one broken game must not stop the sweep; it is retried later
        log.error("enforcing the deadline of game %s failed", game.pk, exc_info=error)
        Game.objects.filter(pk=game.pk).update(deadline_at=now + FAILED_ENFORCEMENT_RETRY)
        report.failed += 1
        return
    if result is None:
        # Stale bookkeeping (e.g. deadline_version behind): set a fresh deadline rather than spin.
        deadline, reminder = fresh_deadline(game, list(game.awaiting), now)
        Game.objects.filter(pk=game.pk).update(
            deadline_at=deadline, reminder_at=reminder, deadline_version=game.version, clock_banks=game.clock_banks
        )
        report.skipped += 1
    else:
        report.enforced += 1
        report.commands += result.commands
