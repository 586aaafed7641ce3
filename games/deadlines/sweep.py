"""The sweep of passed deadlines (the beat task's body): every due game enforced once, in batches."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import DatabaseError, transaction
from django.utils import timezone

from ..models import Game
from .clock import fresh_deadline
from .enforcement import Enforcement, enforce_locked

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
    a player) never wait on each other and never enforce one deadline twice; a batch is enforced in one
    bulk (`enforcement.enforce_locked`), where one broken game leaves the others' work whole.
    """
    now = now or timezone.now()
    report = SweepReport()
    while report.enforced + report.skipped + report.failed < limit:
        batch_report, ids = SweepReport(), []
        try:
            with transaction.atomic():
                games = list(due_games(now).select_for_update(skip_locked=True)[:batch])
                ids = [game.pk for game in games]
                _enforce_batch(games, now, batch_report)
        except DatabaseError:
            if not ids:
                raise  # the claim itself failed: the database is not there
            # A statement failed inside the bulk (PostgreSQL then refuses the rest of the transaction):
            # the batch is rolled back whole and its games enforced one at a time, so only the one that
            # fails again fails, and its deadline is put back instead of failing every sweep.
            log.warning("a batch of %d deadlines failed in the database; enforcing them one by one", len(ids))
            batch_report = SweepReport()
            for game_id in ids:
                _enforce_alone(game_id, now, batch_report)
        report.add(batch_report)
        if len(ids) < batch:
            break
    return report


def _enforce_batch(games: list[Game], now: datetime, report: SweepReport) -> None:
    """Enforce the claimed games' deadlines in one bulk and count them (inside the caller's transaction)."""
    claimed = [(game, game.deadline_version if game.deadline_version is not None else game.version) for game in games]
    for game, result in zip(games, enforce_locked(claimed, now), strict=True):
        _count(game, result, now, report)


def _enforce_alone(game_id: int, now: datetime, report: SweepReport) -> None:
    """Enforce one game of a batch that failed, in a transaction of its own; a database error puts its
    deadline back (`FAILED_ENFORCEMENT_RETRY`)."""
    alone = SweepReport()
    try:
        with transaction.atomic():
            _enforce_batch(list(due_games(now).select_for_update(skip_locked=True).filter(pk=game_id)), now, alone)
        report.add(alone)
    except DatabaseError as error:
        log.error("enforcing the deadline of game %s failed in the database", game_id, exc_info=error)
        Game.objects.filter(pk=game_id, deadline_at__lte=now).update(deadline_at=now + FAILED_ENFORCEMENT_RETRY)
        report.failed += 1


def _count(game: Game, result: Enforcement | None | Exception, now: datetime, report: SweepReport) -> None:
    """Count what the enforcement of one claimed game did, inside the sweep's transaction."""
    if isinstance(result, Exception):  # one broken game must not stop the sweep; it is retried later
        log.error("enforcing the deadline of game %s failed", game.pk, exc_info=result)
        Game.objects.filter(pk=game.pk).update(deadline_at=now + FAILED_ENFORCEMENT_RETRY)
        report.failed += 1
    elif result is None:
        # Stale bookkeeping (e.g. deadline_version behind): set a fresh deadline rather than spin.
        deadline, reminder = fresh_deadline(game, list(game.awaiting), now)
        Game.objects.filter(pk=game.pk).update(deadline_at=deadline, reminder_at=reminder, deadline_version=game.version)
        report.skipped += 1
    else:
        report.enforced += 1
        report.commands += result.commands
