"""Time banks in a simultaneous decision (a Dominion attack every other player answers at once): each awaited
seat runs its own bank, an answer does not restart the others' clocks, and the real sweep plays only the
seat whose bank ran out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from dominion import RULES
from games import services, store
from games.deadlines import sweep
from games.models import Command, Game

from .helpers import seat_users

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
KINGDOM = ["urchin", "beggar", "squire", "vagrant", "forager", "hermit", "market_square", "sage", "storeroom", "armory"]
OTHERS = ["copper", "copper", "copper", "estate", "estate", "copper", "copper", "copper", "copper", "estate"]
DECKS = [["urchin", "copper", "copper", "copper", "copper", "copper", "copper", "copper", "estate", "estate"],
         OTHERS, list(OTHERS)]


def _play(game: Game, seat: int, kind: str, at: datetime) -> None:
    with time_machine.travel(at, tick=False):
        game.refresh_from_db()
        legal = RULES.legal_commands(store.load_state(game), seat)
        command = next(c for c in legal if c["type"] == kind)
        services.execute(seat_users(game)[seat], game.pk, command, idempotency_key=f"s{game.version}",
                         expected_version=game.version)
    game.refresh_from_db()


def test_each_awaited_seat_runs_its_own_bank(make_user: Any) -> None:
    users = [make_user(f"d{i}") for i in range(3)]
    with time_machine.travel(T0, tick=False):
        game = services.create_game(users[0], "dominion", 3, options={"kingdom": KINGDOM, "decks": DECKS},
                                    time_control={"mode": "bank", "initial_hours": 10, "increment_hours": 0},
                                    trusted=True)
        for user in users[1:]:
            services.join_game(user, game.pk)
        services.start_game(users[0], game.pk)
    game.refresh_from_db()
    assert game.awaiting == [0]
    _play(game, 0, "play", T0 + HOUR)  # the Urchin: the two others discard, at once
    assert game.awaiting == [1, 2] and game.deadline_at == T0 + 11 * HOUR
    _play(game, 1, "decide", T0 + 3 * HOUR)
    assert game.awaiting == [2]
    assert game.clock_banks["1"]["left"] == pytest.approx(8 * 3600)
    assert game.deadline_at == T0 + 11 * HOUR  # seat 2's clock ran on from the attack, not restarted
    version = game.version
    late = T0 + 11 * HOUR + timedelta(minutes=1)
    with time_machine.travel(late, tick=False):
        assert sweep.enforce_due_deadlines(now=late).enforced == 1
    game.refresh_from_db()
    played = Command.objects.filter(game=game, first_seq__gt=version)
    assert played and all(c.by_service and c.seat == 2 for c in played)
    assert game.clock_banks["2"]["left"] == 0
