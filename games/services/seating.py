"""A game for players known beforehand (a tournament's table, like a rematch): created with every seat taken
at once and started through the one start path (`lifecycle.start_game`: seats drawn at random, the rules'
setup opens the log). No waiting room: nobody is told of the other seats being taken one by one (no notice,
no mail per seat); the start's own notices (the first turn) are the players' first word of it."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError

from ..models import Game, Seat
from ..registry import get_kind
from .lifecycle import clean_options, clean_time_control, start_game


def create_started_game(
    users: Sequence[User],
    kind: str,
    options: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    *,
    listed: bool = True,
    rated: bool = True,
    created_by: User | None = None,
) -> Game:
    """Create a game of `kind` for exactly these players (each once, as many as the kind admits) and start
    it; the started game. Options and time control are checked as a new game's (`invalid_options`,
    `invalid_time_control`, `invalid_players`: nothing is written then). A bot account among the players
    (`User.is_bot`) marks the game `with_bots`, so its seats move by the bot task from the first decision.
    `created_by` (default: the first player) is the game's creator; the first player starts it."""
    game_kind = get_kind(kind)
    players = list(users)
    if len({user.pk for user in players}) != len(players) or not (
        game_kind.min_players <= len(players) <= game_kind.max_players
    ):
        raise ServiceError("invalid", "invalid_players", gettext(
            "{game} is played by {min} to {max} different players.").format(
            game=game_kind.title, min=game_kind.min_players, max=game_kind.max_players))
    checked = clean_options(game_kind, options, len(players))
    control = clean_time_control(time_control)
    with transaction.atomic():
        game = Game.objects.create(
            kind=game_kind.name, options=checked, players=len(players),
            created_by=created_by or players[0], time_control=control, rng_salt=secrets.token_hex(32),
            listed=bool(listed), rated=bool(rated), with_bots=any(user.is_bot for user in players),
        )
        # In the players' order: the first is the host that starts it (the start draws the seats anew).
        Seat.objects.bulk_create([Seat(game=game, user=user) for user in players])
        return start_game(players[0], game.pk)
