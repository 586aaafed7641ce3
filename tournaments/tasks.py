"""Celery tasks of the tournaments: thin wrappers that take ids and call the services (idempotent)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from .services import due


@shared_task(name="tournaments.advance_due")
def advance_due() -> dict[str, Any]:
    """Every minute: start due tournaments, record finished games, pair due rounds, decide games past their
    maximum length, end finished tournaments; resign the games of those who withdrew."""
    report = due.advance_due()
    return {"tournaments": report.tournaments, "steps": len(report.steps), "resigned": report.resigned}


@shared_task(name="tournaments.advance")
def advance(tournament_id: int) -> int:
    """Do what is due in one tournament now (sent after a game of it finished, or its sign-up filled)."""
    return len(due.advance_tournament(tournament_id))


@shared_task(name="tournaments.settle_withdrawals")
def settle_withdrawals(tournament_id: int) -> int:
    """Resign the running games of the players who withdrew under the forfeit policy."""
    return due.settle_withdrawals(tournament_id)
