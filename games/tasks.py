"""Celery tasks of the deadlines: thin wrappers that take ids and call games.deadlines (idempotent)."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.conf import settings

from . import archive
from .deadlines import enforcement, reminders, sweep
from .services import bots, waiting_room


@shared_task(name="games.enforce_due_deadlines")
def enforce_due_deadlines() -> dict[str, Any]:
    """Every minute: send due reminders, then enforce every passed deadline, with GAMES_DEADLINE_SWEEPERS - 1
    more sweepers in other worker processes (SKIP LOCKED shares the due games among them)."""
    sent = reminders.send_due_reminders()
    for _ in range(int(settings.GAMES_DEADLINE_SWEEPERS) - 1):
        sweep_deadlines.delay()
    report = sweep.enforce_due_deadlines()
    return {"reminders": sent, **report.__dict__}


@shared_task(name="games.sweep_deadlines")
def sweep_deadlines() -> dict[str, Any]:
    """One more sweeper of passed deadlines beside the beat task's own."""
    return sweep.enforce_due_deadlines().__dict__


@shared_task(name="games.enforce_deadline")
def enforce_deadline(game_id: int, version: int) -> int:
    """Enforce one game's deadline set at `version`, if it is still due (a no-op otherwise)."""
    result = enforcement.enforce_deadline(game_id, version)
    return result.commands if result else 0


@shared_task(name="games.close_stale_open_games")
def close_stale_open_games() -> int:
    """Hourly: close the open games nobody joined within their `close_after_days` (those seated are told)."""
    return waiting_room.close_stale_open_games()


@shared_task(name="games.play_bot_turn")
def play_bot_turn(game_id: int, version: int) -> int:
    """A bot plays its seat's command if the game still awaits it at `version` (a no-op otherwise)."""
    return bots.play_bot_turn(game_id, version)


@shared_task(name="games.archive_finished_games")
def archive_finished_games() -> dict[str, Any]:
    """Hourly: move the games that ended more than GAMES_ARCHIVE_AFTER_HOURS ago to the cold partitions (at most
    GAMES_ARCHIVE_BATCH of them: the next run goes on), then rebuild the hot partitions' indexes if anything
    moved (`archive.reindex_hot` says why)."""
    report = archive.archive_finished(limit=settings.GAMES_ARCHIVE_BATCH)
    reindexed = archive.reindex_hot() if report.games else False
    return {"games": len(report.games), "rows": report.rows, "reindexed": reindexed}
