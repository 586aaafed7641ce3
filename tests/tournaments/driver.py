"""Helpers for the tournament tests: entrants, and players who play their seats with a bot's moves through
the games' one write path (`games.services.execute`), as a player using the API would."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from accounts.models import User
from games import services, store
from games.models import Game, Seat
from games.registry import get_kind
from games.services.bots import bot_account


def entrants(level: str, numbers: Iterable[int]) -> list[User]:
    """Bot accounts (games.services.bots) as a tournament's players."""
    return [bot_account(level, number) for number in numbers]


def seat_users(game: Game) -> dict[int, User]:
    """Seat index -> user of a started game."""
    return {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user") if s.index is not None}


def play(game: Game, rng: random.Random, *, most: int = 10_000, sleep: float = 0.0) -> tuple[int, bool, int]:
    """The players of the game play their awaited seats with the game's easy bot until it ends, `most`
    commands were played, or a player sleeps through a decision (probability `sleep` each: the deadline
    will play it). The commands played, whether a player slept, and the game's version when they stopped."""
    kind = get_kind(game.kind)
    bot = kind.rules.bots.get("heuristic", kind.rules.stand_in_bot)
    users = seat_users(game)
    played = 0
    game.refresh_from_db()
    while played < most:
        if game.status != Game.Status.ACTIVE or not game.awaiting:
            break
        seat = game.awaiting[0]
        if sleep and rng.random() < sleep:
            return played, True, game.version
        state = store.load_state(game)
        command: Any = dict(bot(state, seat, rng))
        answer = services.execute(users[seat], game.pk, command, idempotency_key=f"t-{game.version}-{seat}",
                                  expected_version=game.version)
        assert answer.game is not None
        game = answer.game  # the row as the command left it (nobody else writes meanwhile)
        played += 1
    return played, False, game.version
