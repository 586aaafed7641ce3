"""Operators' commands: demo, replay, verify_events."""

from __future__ import annotations

import json
import random
import re
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games import services
from games.models import Event, Game

from .helpers import play_random, seat_users, started_game

pytestmark = pytest.mark.django_db


def run(*args: Any) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_demo_creates_a_game_waiting_for_alice() -> None:
    output = run("demo", "--moves", "12", "--seed", "1")
    game = Game.objects.get()
    assert game.status == "active" and game.version > 2
    alice = next(s for s in game.seats.select_related("user") if s.user.email == "alice@example.org")
    assert game.awaiting == [alice.index] or alice.index in game.awaiting
    assert "alice@example.org" in output and "/api/accounts/token" in output
    run("demo", "--moves", "3")  # again: reuses the players
    assert Game.objects.count() == 2
    assert "2 game(s) verified" in run("verify_events")



def test_the_demo_seats_as_many_players_as_the_kinds_rules_allow() -> None:
    """The player count is the rules' range (Dominion's 2 to 6), not a fixed one."""
    run("demo", "--kind", "dominion", "--players", "6", "--moves", "3", "--seed", "2")
    assert Game.objects.get().seats.count() == 6
    with pytest.raises(CommandError, match="dominion is played by 2 to 6 players, not 7"):
        run("demo", "--kind", "dominion", "--players", "7")
    with pytest.raises(CommandError, match="not 1"):
        run("demo", "--kind", "citadels", "--players", "1")
    assert Game.objects.count() == 1

def test_replay_shows_what_the_viewer_saw(make_user: Any) -> None:
    users = [make_user(), make_user(), make_user()]
    game = started_game(users)
    play_random(game, random.Random(4), max_commands=10)
    by_seat = seat_users(game)
    as_seat = run("replay", str(game.pk), "--at", "4", "--as", by_seat[1].email)
    assert "as seat 1" in as_seat and '"hand"' in as_seat
    spectator = run("replay", str(game.pk))
    assert "as a spectator" in spectator and '"hand"' not in spectator
    assert '"secret"' not in as_seat + spectator
    secrets = [v for e in Event.objects.filter(game=game) for v in e.data.get("secret", {}).values()]
    long_secrets = [json.dumps(v, ensure_ascii=False, sort_keys=True) for v in secrets if isinstance(v, list) and len(v) > 3]
    assert long_secrets  # the shuffled deck is in the log...
    assert not any(secret in as_seat + spectator for secret in long_secrets)  # ...and never printed
    with pytest.raises(CommandError):
        run("replay", "99999")
    with pytest.raises(CommandError):
        run("replay", str(game.pk), "--as", "nobody@example.org")


def test_verify_events_finds_drift(make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    assert "ok" in run("verify_events", str(game.pk))
    Game.objects.filter(pk=game.pk).update(status="finished")
    with pytest.raises(CommandError):
        run("verify_events", str(game.pk))
    with pytest.raises(CommandError):
        run("verify_events", "4242")


@pytest.mark.parametrize(("kind", "moves"), [("citadels", 0), ("citadels", 7), ("citadels", 20), ("dominion", 5)])
def test_the_demo_prints_a_command_alice_may_send_now(kind: str, moves: int) -> None:
    """The printed curl example works as printed: it is one of Alice's legal commands (with no bot moves
    first she is in the draft, where taking gold is refused), in either game."""
    output = run("demo", "--kind", kind, "--moves", str(moves), "--seed", "1")
    game = Game.objects.get()
    assert game.kind == kind
    body = json.loads(re.search(r"-d '(\{\"command\".*)'", output).group(1))  # type: ignore[union-attr]
    alice = game.seats.select_related("user").get(user__email="alice@example.org").user
    services.execute(alice, game.pk, body["command"], idempotency_key="readme")  # not refused
