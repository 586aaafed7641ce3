"""Fixtures of the Dominion-on-the-service tests: verified players and a stacked 2-player game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Seat

# Seat 0 opens with an Urchin (each other player discards down to 4); seat 1 holds Coppers and Estates,
# so the discard is a real decision in seat 0's turn.
KINGDOM = ["urchin", "beggar", "squire", "vagrant", "forager", "hermit", "market_square", "sage", "storeroom",
           "armory"]
DECKS = [
    ["urchin", "copper", "copper", "copper", "copper", "copper", "copper", "copper", "estate", "estate"],
    ["copper", "copper", "copper", "estate", "estate", "copper", "copper", "copper", "copper", "estate"],
]


@pytest.fixture
def verified(make_user: Callable[..., Any]) -> Callable[..., Any]:
    """A player with a verified address (game emails go to those only)."""

    def make(name: str, language: str = "en") -> Any:
        return make_user(name, language=language, email_verified_at=timezone.now())

    return make


def stacked_game(users: list[Any], **options: Any) -> tuple[Game, dict[int, Any]]:
    """A started 2-player Dominion game with the stacked decks (the trusted path) and 24 hours for each
    decision, and seat -> user."""
    game = services.create_game(
        users[0], "dominion", len(users), options={"kingdom": KINGDOM, "decks": DECKS, **options},
        time_control={"decision_hours": 24, "reminder_hours": 0}, trusted=True,
    )
    for user in users[1:]:
        services.join_game(user, game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    seats = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    return game, seats
