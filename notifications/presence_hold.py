"""No "your turn" mail while the player has the game open in a browser (issue 20, as 18xx does).

A turn mail written while the seat was present (`games.presence`) carries `WHILE_PRESENT`, waits
`PRESENCE_RECHECK` (only then is it due for the sweep), and is checked again whenever a sender claims it: it
is cancelled if the player moved since (or the turn is no longer theirs), given back for another wait while
they still have the game open, and sent once they left without moving.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import F, QuerySet

from games import presence
from games.models import Game

from .models import Kind, Outbox

WHILE_PRESENT = "while_present"
PRESENCE_RECHECK = timedelta(seconds=75)  # more than presence.WINDOW: a page closed just now counts as gone


def _claimed(row: Outbox) -> QuerySet[Outbox]:
    """The row while this sender's claim on it holds (another sender's later claim is left alone)."""
    return Outbox.objects.filter(pk=row.pk, attempts=row.attempts, status=Outbox.Status.SENDING)


def hold_while_present(rows: list[Outbox], now: datetime) -> tuple[list[Outbox], dict[int, str]]:
    """Of these claimed rows, those to send now, and the outcome of the others ("cancelled": the player
    moved; "deferred": the game is still open in their browser), which are taken out of the claim."""
    send: list[Outbox] = []
    outcomes: dict[int, str] = {}
    for row in rows:
        game = row.game
        if (row.kind != Kind.TURN or not (row.params or {}).get(WHILE_PRESENT) or game is None
                or row.seat is None or row.version is None):
            send.append(row)
            continue
        if (game.status != Game.Status.ACTIVE or row.seat not in game.awaiting
                or presence.moved_since(game.pk, row.seat, row.version)):
            _claimed(row).update(
                status=Outbox.Status.CANCELLED, lease_until=None, last_error="the player moved with the game open")
            outcomes[row.pk] = "cancelled"
        elif row.seat in presence.present_seats(game.pk, now):
            # Given back unsent, the claim's attempt not counted: this is a wait, not a failure.
            _claimed(row).update(
                status=Outbox.Status.PENDING, lease_until=None, attempts=F("attempts") - 1,
                next_attempt_at=now + PRESENCE_RECHECK)
            outcomes[row.pk] = "deferred"
        else:
            send.append(row)
    return send, outcomes
