"""Helpers of the stats tests: finished games played through the services by the kinds' bots."""

from __future__ import annotations

from typing import Any

from games.models import Game
from tests.ratings.helpers import open_game, play_to_end


def finished_game(users: list[Any], kind: str, seed: int, **kwargs: Any) -> Game:
    """A game of these users played to its end by the kind's bot."""
    return play_to_end(open_game(users, kind, **kwargs), seed)
