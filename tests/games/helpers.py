"""Helpers for the games tests: set up games through the services, play them with random legal moves."""

from __future__ import annotations

import random
from typing import Any

from citadels import RULES
from games import services, store
from games.models import Event, Game, Seat


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


def play_random(game: Game, rng: random.Random, max_commands: int | None = None) -> int:
    """Play random legal commands through services.execute until the game ends (or max_commands)."""
    users = seat_users(game)
    played = 0
    while max_commands is None or played < max_commands:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = rng.choice(game.awaiting)
        state = store.load_state(game, use_cache=False)
        command = rng.choice(RULES.legal_commands(state, seat))
        services.execute(users[seat], game.pk, command, idempotency_key=f"rand-{game.version}")
        played += 1
    game.refresh_from_db()
    return played


def db_snapshot(game_id: int | None = None) -> dict[str, Any]:
    """Everything a refused request must leave unchanged."""
    from games.models import Command, Snapshot

    games = list(Game.objects.order_by("id").values("id", "status", "version", "awaiting", "players", "head_hash"))
    return {
        "games": games,
        "seats": list(Seat.objects.order_by("id").values_list("id", "game_id", "user_id", "index")),
        "events": Event.objects.count(),
        "commands": Command.objects.count(),
        "snapshots": Snapshot.objects.count(),
    }


def full_fold(game: Game, at: int | None = None) -> Any:
    """The state from all events, no snapshot, no cache."""
    return store.load_state(game, at=at, use_snapshots=False, use_cache=False)
