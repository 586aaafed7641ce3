"""Ratings and results written again from the event logs: every finished game in the order it finished,
its final state folded from its events, rated by the same function as at its end (`rating.record_game`),
so the numbers come out the same."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from games import store
from games.models import Game
from games.registry import kind_names

from .models import Rating, Result
from .rating import record_game


@dataclass(frozen=True)
class Recomputed:
    """What a recompute wrote."""

    games: int
    ratings: int


def recompute_ratings() -> Recomputed:
    """Throw away every rating and result and rate the finished games again, from their logs, in one
    transaction (the finished games' rows locked, so that no game ends meanwhile unrated)."""
    with transaction.atomic():
        games = list(
            Game.objects.select_for_update(of=("self",))
            .filter(status=Game.Status.FINISHED, kind__in=kind_names())
            .order_by("finished_at", "id")
        )
        Result.objects.all().delete()
        Rating.objects.all().delete()
        for game in games:
            record_game(game, store.load_state(game, use_snapshots=False, use_cache=False))
        return Recomputed(games=len(games), ratings=Rating.objects.count())
