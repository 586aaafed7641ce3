"""No viewer ever gets another seat's private data or the server's secrets, checked over random games
played through the API: every seat's and a spectator's view and history after every command."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citadels import RULES
from games.models import Event, Game

from .helpers import full_fold, seat_users, started_game

pytestmark = pytest.mark.django_db


def expected_redaction(raw: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """DESIGN.md: a seat sees an event's public part plus its own private part; nothing else, ever."""
    seen = {"type": raw["type"], **raw.get("public", {})}
    if seat is not None:
        seen.update(raw.get("private", {}).get(str(seat), {}))
    return seen


def lists_in(value: Any) -> list[list[Any]]:
    """Every list anywhere inside a JSON value."""
    found: list[list[Any]] = []
    if isinstance(value, list):
        found.append(value)
        for item in value:
            found.extend(lists_in(item))
    elif isinstance(value, dict):
        for item in value.values():
            found.extend(lists_in(item))
    return found


def check_viewer(client: Any, game: Game, seat: int | None, state: Any) -> None:
    detail = client.get(f"/api/games/{game.pk}/").json()
    assert detail["seat"] == seat
    view = detail["view"]
    # The API shows exactly the engine's view for this viewer's own seat, never another's.
    assert view == RULES.view(state, seat)
    own_hand = sorted(state.players[seat].hand) if seat is not None else None
    if seat is None:
        assert "hand" not in view or not view["hand"]
    else:
        assert sorted(view["hand"]) == own_hand
    # No other seat's hand appears anywhere in the view (unless it is indistinguishable from public facts).
    public_lists = [sorted(map(str, lst)) for lst in lists_in(RULES.view(state, None))]
    for other in state.players:
        if other.seat == seat or len(other.hand) < 2:
            continue
        hidden = sorted(other.hand)
        if hidden == own_hand or hidden in public_lists:
            continue
        assert all(sorted(map(str, lst)) != hidden for lst in lists_in(view)), f"hand of seat {other.seat} leaked"
    # Characters shown for a seat are only those it revealed.
    revealed = Counter(state.revealed)
    for player in view["players"]:
        for character in player["characters"]:
            assert revealed[(player["seat"], character)] > 0
    # The history: public part plus own private part, exactly; no secret part ever.
    history = client.get(f"/api/games/{game.pk}/events").json()
    raw = dict(Event.objects.filter(game=game).values_list("seq", "data"))
    assert [e["seq"] for e in history["events"]] == sorted(raw)
    for event in history["events"]:
        assert event["data"] == expected_redaction(raw[event["seq"]], seat)
        assert "secret" not in event["data"] and "private" not in event["data"]


def play_and_check(players: int, seed: int, api_client: Any, make_user: Any, max_commands: int) -> None:
    users = [make_user() for _ in range(players)]
    game = started_game(users)
    by_seat = seat_users(game)
    clients = {seat: api_client(user) for seat, user in by_seat.items()}
    clients[None] = api_client(make_user("spectator"))  # type: ignore[index]
    rng = random.Random(seed)
    for _ in range(max_commands):
        game.refresh_from_db()
        state = full_fold(game)
        for seat, client in clients.items():
            check_viewer(client, game, seat, state)
        if game.status != "active":
            break
        seat = rng.choice(game.awaiting)
        legal = clients[seat].get(f"/api/games/{game.pk}/").json()["legal_commands"]
        assert legal == RULES.legal_commands(state, seat)
        answer = clients[seat].post(f"/api/games/{game.pk}/commands", {"command": rng.choice(legal)}, format="json")
        assert answer.status_code == 201, answer.json()
        raw = dict(Event.objects.filter(game=game, seq__gt=game.version).values_list("seq", "data"))
        for event in answer.json()["events"]:  # the command's answer is redacted for the commanding seat too
            assert event["data"] == expected_redaction(raw[event["seq"]], seat)
    # A viewer can replay the game, and sees at every step what they saw then.
    at = max(1, game.version // 2)
    replay = clients[0].get(f"/api/games/{game.pk}/state?at={at}").json()
    assert replay == {"version": at, "view": RULES.view(full_fold(game, at), 0)}


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_privacy_over_random_games(players: int, api_client: Any, make_user: Any) -> None:
    play_and_check(players, seed=players * 101, api_client=api_client, make_user=make_user, max_commands=40)


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(players=st.integers(2, 7), seed=st.integers(0, 2**32 - 1))
def test_privacy_hypothesis(players: int, seed: int, api_client: Any, make_user: Any) -> None:
    play_and_check(players, seed=seed, api_client=api_client, make_user=make_user, max_commands=25)
