"""What the tournaments hear from the games (`games.hooks`): a game of a tournament's table finished.

The subscriber runs inside the transaction that finishes the game (the game's row locked; in the deadline
sweep, inside its unit of work): it writes the game's result into the table's link row (the tournament's
inbox, `TournamentGame.result`) and nothing else, so that it never waits for a tournament's row while it
holds a game's (games of several tournaments finishing in one sweep never lock in a cycle). After the
commit it sends the task that records the result in the tournament's log and pairs the next round; the
beat task finds any result left unrecorded (a task lost, a worker killed) within a minute.
"""

from __future__ import annotations

from typing import Any

from celery import current_app
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import hooks, selectors, unit_of_work
from games.models import Game, Seat
from games.registry import get_kind

from ..models import TournamentGame

ADVANCE_TASK = "tournaments.advance"


def on_events_appended(batch: hooks.EventsAppended) -> None:
    """Hook subscriber: the batch that finishes a tournament's game writes its result into the link row."""
    if batch.previous_status != Game.Status.ACTIVE or batch.game.status != Game.Status.FINISHED:
        return
    game = batch.game
    link = TournamentGame.objects.filter(game_id=game.pk, finished_at__isnull=True).first()
    if link is None:
        return
    link.result = game_result(game, batch.state)
    link.finished_at = game.finished_at or timezone.now()
    link.save(update_fields=["result", "finished_at"])
    tournament_id = link.tournament_id
    transaction.on_commit(lambda: current_app.tasks[ADVANCE_TASK].delay(tournament_id))


def game_result(game: Game, state: Any) -> dict[str, Any]:
    """A finished game's result as the tournament counts it: each player's place by the rules' standings
    (1 the best, ties sharing), and the players who resigned (forfeited: the tournament places them last).
    The seats' players are read through the unit of work, as the ratings read them."""
    kind = get_kind(game.kind)
    places = kind.places(state)
    users: dict[int, User] = unit_of_work.read("games.seated_users", game.pk, selectors.seated_users, models=(Seat, User))
    resigned = set(kind.rules.resigned(state))
    return {
        "places": {str(users[seat].pk): int(place) for seat, place in enumerate(places)},
        "forfeited": sorted(users[seat].pk for seat in resigned),
    }
