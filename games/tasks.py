"""Celery tasks of the deadlines: thin wrappers that take ids and call games.deadlines (idempotent)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from . import deadlines


@shared_task(name="games.enforce_due_deadlines")  # type: ignore[untyped-decorator]
def enforce_due_deadlines() -> dict[str, Any]:
    """Every minute: send due reminders, then enforce every passed deadline."""
    reminders = deadlines.send_due_reminders()
    report = deadlines.enforce_due_deadlines()
    return {"reminders": reminders, **report.__dict__}


@shared_task(name="games.enforce_deadline")  # type: ignore[untyped-decorator]
def enforce_deadline(game_id: int, version: int) -> int:
    """Enforce one game's deadline set at `version`, if it is still due (a no-op otherwise)."""
    result = deadlines.enforce_deadline(game_id, version)
    return result.commands if result else 0
