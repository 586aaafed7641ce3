"""Helpers of the notification tests."""

from __future__ import annotations

from typing import Any

from games import services
from games.models import Game, Seat


def started_game(users: list[Any], **kwargs: Any) -> Game:
    """A started game with these users seated (the first one hosts)."""
    game = services.create_game(users[0], "citadels", len(users), **kwargs)
    for user in users[1:]:
        services.join_game(user, game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    return game


def seat_users(game: Game) -> dict[int, Any]:
    """Seat index -> user."""
    return {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}


def text_part(message: Any) -> str:
    """The text/plain part of a received email."""
    return str(message.get_body(preferencelist=("plain",)).get_content())


def html_part(message: Any) -> str:
    """The text/html part of a received email."""
    return str(message.get_body(preferencelist=("html",)).get_content())
