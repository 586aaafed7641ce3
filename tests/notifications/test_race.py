"""A player's move and the deadline enforcement for the same decision, racing: exactly one applies."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, connections
from django.utils import timezone

from citadels import RULES
from core.errors import ServiceError
from games import services, store
from games.deadlines import enforcement
from games.models import Command, Event, Game

from .helpers import seat_users, started_game

pytestmark = pytest.mark.slow


def _player(barrier: threading.Barrier, result: dict[str, Any], user: Any, game_id: int, command: dict[str, Any],
            key: str, version: int) -> None:
    barrier.wait()
    try:
        services.execute(user, game_id, command, idempotency_key=key, expected_version=version)
        result["player"] = True
    except ServiceError as error:
        result["player"] = error.code
    finally:
        connections.close_all()


def _sweeper(barrier: threading.Barrier, result: dict[str, Any], game_id: int, version: int) -> None:
    barrier.wait()
    try:
        result["deadline"] = enforcement.enforce_deadline(game_id, version)
    finally:
        connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_player_move_and_enforcement_race_exactly_one_applies(make_user: Any) -> None:
    users = [make_user(f"racer{i}") for i in range(3)]
    game = started_game(users)
    by_seat = seat_users(game)
    outcomes = {"player": 0, "deadline": 0}
    for round_ in range(40):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat, version = game.awaiting[0], game.version
        # The deadline has just passed.
        Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
        command = RULES.legal_commands(store.load_state(game), seat)[-1]
        barrier = threading.Barrier(2)
        result: dict[str, Any] = {}
        threads = [
            threading.Thread(target=_player, args=(barrier, result, by_seat[seat], game.pk, command, f"race{round_}", version)),
            threading.Thread(target=_sweeper, args=(barrier, result, game.pk, version)),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        player_won = result["player"] is True
        deadline_won = result["deadline"] is not None
        assert player_won != deadline_won, result  # exactly one of them applied
        if not player_won:
            # The bot plays the seat's whole decision, which may be the game's last.
            assert result["player"] in {"version_conflict", "not_your_turn", "game_finished"}
        new = list(Command.objects.filter(game=game, first_seq__gt=version).order_by("first_seq"))
        first = new[0]
        assert first.first_seq == version + 1
        if player_won:
            outcomes["player"] += 1
            assert first.idempotency_key == f"race{round_}"
        else:
            outcomes["deadline"] += 1
            assert first.by_service
            assert not any(c.idempotency_key == f"race{round_}" for c in new)
    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))  # no gap, no duplicate
    assert sum(outcomes.values()) >= 20
    print("race outcomes", outcomes, "on", connection.vendor)
