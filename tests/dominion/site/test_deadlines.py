"""Deadlines per decision for Dominion: a passed one is played by the heuristic bot (or the least move)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games import services
from games.deadlines import sweep
from games.models import Command

from .conftest import stacked_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_the_bot_plays_a_turn_whose_deadline_passed_and_then_the_other_players_decision(verified: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game, seats = stacked_game([verified("Anna"), verified("Ben")])
    assert game.awaiting == [0] and game.deadline_at == T0 + timedelta(hours=24)
    with time_machine.travel(T0 + timedelta(hours=23), tick=False):
        assert sweep.enforce_due_deadlines().enforced == 0
    version = game.version
    with time_machine.travel(T0 + timedelta(hours=24, minutes=1), tick=False):
        report = sweep.enforce_due_deadlines()
    assert report.enforced == 1 and report.commands >= 1
    game.refresh_from_db()
    played = Command.objects.filter(game=game, first_seq__gt=version).order_by("id")
    assert played and all(c.by_service and c.seat == 0 for c in played)
    # The heuristic bot plays its Urchin (an Action first): the other player must now discard.
    assert played[0].command["type"] == "play"
    assert game.awaiting == [1] and game.deadline_at == T0 + timedelta(hours=48, minutes=1)
    with time_machine.travel(T0 + timedelta(hours=48, minutes=2), tick=False):
        second = sweep.enforce_due_deadlines()
    assert second.enforced == 1
    game.refresh_from_db()
    decided = Command.objects.filter(game=game, seat=1).last()
    assert decided is not None and decided.command["type"] == "decide" and decided.by_service
    assert game.awaiting == [0]  # back to seat 0's turn, with a fresh clock
    history = services.history(game, seats[0])["events"]
    assert any(e["by_service"] for e in history)


def test_the_minimal_policy_ends_a_missed_turn(verified: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game, _seats = stacked_game([verified("Anna"), verified("Ben")])
    game.time_control = {**game.time_control, "timeout_policy": "minimal"}
    game.save(update_fields=["time_control"])
    with time_machine.travel(T0 + timedelta(hours=24, minutes=1), tick=False):
        report = sweep.enforce_due_deadlines()
    assert report.commands == 1
    game.refresh_from_db()
    command = Command.objects.get(game=game, seat=0)
    assert command.command == {"type": "end_turn"} and game.awaiting == [1]
