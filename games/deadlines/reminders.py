"""The reminder before a deadline: once per decision, for the awaited seats the bot does not play."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from .. import hooks
from ..models import Game
from .absences import absent_seats


def send_due_reminders(now: datetime | None = None, batch: int = 200) -> int:
    """The beat task's other half: one reminder per decision, for games whose reminder time passed.

    A game whose row is locked right now is skipped (its `reminder_at` stays): the next sweep sends it, or,
    if its deadline is enforced first, the enforcement does (`enforcement._enforce`).
    """
    now = now or timezone.now()
    sent = 0
    while True:
        with transaction.atomic():
            games = list(
                Game.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(status=Game.Status.ACTIVE, reminder_at__lte=now)
                .order_by("reminder_at", "id")[:batch]
            )
            for game in games:
                if game.deadline_at is not None and game.deadline_version is not None:
                    sent += remind(game, game.deadline_version, absent_seats(game, game.awaiting))
            Game.objects.filter(pk__in=[g.pk for g in games]).update(reminder_at=None)
        if len(games) < batch:
            return sent


def remind(game: Game, version: int, absent: set[int]) -> int:
    """The reminder of the deadline set at `version` for the awaited seats the bot does not play (not in
    `absent`); the caller holds the game's row lock and marks the reminder written (`reminder_at` None).
    Rows written."""
    seats = [s for s in game.awaiting if s not in absent]
    return hooks.reminder_due(hooks.ReminderDue(game, seats, version=version)) if seats else 0

