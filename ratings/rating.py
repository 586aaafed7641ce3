"""Ratings per game kind with OpenSkill's Plackett-Luce model (free-for-all games of 2 to 8 players, ties
shared): written in the transaction that ends a game, and again from the logs by `recompute`.

Why OpenSkill and not Glicko-2: Citadels and Dominion are played by up to 8 (6) players each for
themselves, and their rulebooks leave ties standing; Plackett-Luce rates a whole ranking with ties at once,
whereas Glicko-2 rates two-player results only (a game of 8 would become 28 pretend duels, counted as if
independent). See docs/architecture.md.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from openskill.models import PlackettLuce

from games import hooks
from games.models import Game

from .models import Rating, Result
from .results import SeatResult, game_result

# The library's defaults (mu 25, sigma 25/3, beta 25/6): documented numbers stay the library's own.
MODEL = PlackettLuce()
RATED_PLAYERS = range(2, 9)


def display_rating(mu: float, sigma: float) -> float:
    """The one number shown: OpenSkill's ordinal, mu - 3 sigma (a newcomer's is 0; it rises as the rating
    becomes sure)."""
    return mu - 3 * sigma


def on_events_appended(batch: hooks.EventsAppended) -> None:
    """The hooks' subscriber: the batch that finishes a game writes its results and ratings with it."""
    if batch.previous_status == Game.Status.ACTIVE and batch.game.status == Game.Status.FINISHED:
        record_game(batch.game, batch.state)


def record_game(game: Game, state: Any) -> list[Result]:
    """Write the results of a game that just finished (`state`: its final state) and, for a rated game of 2
    to 8 players with two counted seats at least, its players' new ratings. Each player's rating row is
    locked while it changes: games ending at once each rate from the other's result."""
    seats = game_result(game, state)
    finished_at = game.finished_at or timezone.now()
    results = {s.seat: Result(game=game, user_id=s.user_id, kind=game.kind, seat=s.seat, place=s.place,
                              finished_at=finished_at) for s in seats}
    counted = [s for s in seats if s.rated]
    if game.rated and len(seats) in RATED_PLAYERS and len(counted) >= 2:
        _rate(game.kind, counted, results)
    Result.objects.bulk_create(results.values())
    return list(results.values())


def _rate(kind: str, counted: list[SeatResult], results: dict[int, Result]) -> None:
    """OpenSkill's update of the counted seats' ratings by their places (a tie shares a rank). A newcomer's
    row is made first with the library's defaults (`ignore_conflicts`: two games ending at once for the same
    newcomer both find it), then every row is locked, read and written."""
    user_ids = [s.user_id for s in counted]
    Rating.objects.bulk_create([Rating(user_id=u, kind=kind, mu=MODEL.mu, sigma=MODEL.sigma, games=0) for u in user_ids],
                               ignore_conflicts=True)
    known = {r.user_id: r for r in Rating.objects.select_for_update().filter(kind=kind, user_id__in=user_ids)}
    teams = [[MODEL.rating(mu=known[u].mu, sigma=known[u].sigma)] for u in user_ids]
    rated = MODEL.rate(teams, ranks=[float(s.place) for s in counted])
    for seat, before, (after,) in zip(counted, teams, rated, strict=True):
        result = results[seat.seat]
        result.mu_before, result.sigma_before = before[0].mu, before[0].sigma
        result.mu_after, result.sigma_after = after.mu, after.sigma
        row = known[seat.user_id]
        row.mu, row.sigma, row.games = after.mu, after.sigma, row.games + 1
        row.save(update_fields=["mu", "sigma", "games", "updated_at"])
