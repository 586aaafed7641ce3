"""The history tells which moves the service played for a player whose deadline passed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games import services, store
from games.deadlines import sweep
from games.models import Game
from games.registry import get_kind

from .helpers import seat_users, started_game

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.django_db
def test_history_marks_the_moves_played_for_an_absent_player(make_user: Any, api_client: Any) -> None:
    users = [make_user(f"hist{i}") for i in range(3)]
    with time_machine.travel(T0, tick=False):
        game = started_game(users, time_control={"decision_hours": 24, "reminder_hours": 2})
        # The first awaited player moves themselves once.
        seat = game.awaiting[0]
        player = seat_users(game)[seat]
        command = get_kind(game.kind).rules.legal_commands(store.load_state(game), seat)[0]
        services.execute(player, game.pk, command, idempotency_key="own-move")
    game.refresh_from_db()
    own_until = game.version
    with time_machine.travel(T0 + timedelta(hours=25), tick=False):
        report = sweep.enforce_due_deadlines()
    assert report.enforced == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.version > own_until

    answer = api_client(users[0]).get(f"/api/games/{game.pk}/events")
    assert answer.status_code == 200
    events = answer.json()["events"]
    assert [e["seq"] for e in events] == list(range(1, game.version + 1))
    played = {e["seq"]: e["by_service"] for e in events}
    assert not any(played[s] for s in range(1, own_until + 1)), "setup and the player's own move are theirs"
    assert all(played[s] for s in range(own_until + 1, game.version + 1)), "the deadline's moves are the service's"
