"""Helpers of the ratings tests: finished games played through the services by the kinds' bots, some seats
played by the service (as when their deadlines pass)."""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from django.db import transaction

from games import services, store
from games.models import SERVICE_KEY_PREFIX, Game, Seat
from games.registry import get_kind


def open_game(users: list[Any], kind: str = "citadels", options: dict[str, Any] | None = None, **kwargs: Any) -> Game:
    """A started game of these users (the first one hosts)."""
    game = services.create_game(users[0], kind, len(users), options=options or {}, **kwargs)
    for user in users[1:]:
        services.join_game(user, game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    return game


def play_to_end(game: Game, seed: int, *, service_seats: Collection[int] = (), service_from: int = 0,
                max_commands: int = 5000) -> Game:
    """Play the game to its end with the kind's bot; the seats in `service_seats` are played by the service
    (`by_service`, as for a passed deadline) from their `service_from`-th command on."""
    rng = random.Random(seed)
    kind = get_kind(game.kind)
    users = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    moves: dict[int, int] = {}
    for _ in range(max_commands):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        seat = rng.choice(game.awaiting)
        state = store.load_state(game)
        command = kind.timeout_bot(state, seat, rng)
        moves[seat] = moves.get(seat, 0) + 1
        if seat in service_seats and moves[seat] > service_from:
            with transaction.atomic():
                locked = Game.objects.select_for_update().get(pk=game.pk)
                services.apply_command(locked, users[seat], seat, command, by_service=True,
                                       key=f"{SERVICE_KEY_PREFIX}{locked.version}:{seat}:0",
                                       expected_version=locked.version)
        else:
            services.execute(users[seat], game.pk, command, idempotency_key=f"bot-{game.version}")
    raise AssertionError("the game did not end")
