"""A whole 3-player Dominion game through HTTP alone: create, join, start, play from legal_commands to the
end; a standing answer is set out of turn."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.test_api_game import signed_up

pytestmark = pytest.mark.django_db

PREFERRED_BUYS = ("province", "gold", "duchy", "silver")


def choose(detail: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A client that reads only `legal_commands` and its view: actions first, then Treasures, then the best
    buy (Provinces, Gold, Silver, else a random legal one now and then), random answers to decisions."""
    legal = detail["legal_commands"]
    by_type: dict[str, list[dict[str, Any]]] = {}
    for command in legal:
        by_type.setdefault(command["type"], []).append(command)
    if "decide" in by_type:
        return rng.choice(by_type["decide"])
    hand = {c["id"]: c["card"] for c in detail["view"]["hand"]}
    treasures = ("copper", "silver", "gold", "spoils")
    actions = [c for c in by_type.get("play", []) if hand.get(c["card"]) not in treasures]
    if actions and rng.random() < 0.9:
        return rng.choice(actions)
    if "play_treasures" in by_type:
        return by_type["play_treasures"][0]
    buys = {c["card"]: c for c in by_type.get("buy", [])}
    for pile in PREFERRED_BUYS:
        if pile in buys:
            return buys[pile]
    if buys and rng.random() < 0.3:
        return rng.choice(list(buys.values()))
    return {"type": "end_turn"}


def test_a_whole_three_player_game_over_http() -> None:
    rng = random.Random(9)
    clients = [signed_up(name) for name in ("Ada", "Ben", "Cleo")]
    created = clients[0].post("/api/games/", {"kind": "dominion", "players": 3}, format="json")
    assert created.status_code == 201, created.json()
    game_id = created.json()["id"]
    for client in clients[1:]:
        assert client.post(f"/api/games/{game_id}/join").status_code == 200
    assert clients[0].post(f"/api/games/{game_id}/start").json()["status"] == "active"
    by_seat: dict[int, APIClient] = {c.get(f"/api/games/{game_id}/").json()["seat"]: c for c in clients}
    # Any seat may set a standing answer at any time, awaited or not.
    idle = next(s for s in by_seat if s not in by_seat[0].get(f"/api/games/{game_id}/").json()["awaiting"])
    answer = by_seat[idle].post(
        f"/api/games/{game_id}/commands", {"command": {"type": "set_reaction", "card": "beggar", "answer": "always"}},
        format="json", HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert answer.status_code == 201, answer.json()
    assert by_seat[idle].get(f"/api/games/{game_id}/").json()["view"]["standing"] == {"beggar": "always"}
    # Other commands out of turn are still refused.
    refused = by_seat[idle].post(f"/api/games/{game_id}/commands", {"command": {"type": "end_turn"}}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_turn"
    commands = 0
    while True:
        game = by_seat[0].get(f"/api/games/{game_id}/").json()
        if game["status"] != "active":
            break
        seat = rng.choice(game["awaiting"])
        detail = by_seat[seat].get(f"/api/games/{game_id}/").json()
        assert detail["legal_commands"], detail
        command = choose(detail, rng)
        assert command in detail["legal_commands"]
        answer = by_seat[seat].post(
            f"/api/games/{game_id}/commands", {"command": command, "expected_version": detail["version"]},
            format="json", HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
        assert answer.status_code == 201, (command, answer.json())
        commands += 1
        assert commands < 3000, "the game does not end"
    final = by_seat[0].get(f"/api/games/{game_id}/").json()
    assert final["status"] == "finished"
    view = final["view"]
    assert view["phase"] == "over" and view["winners"] and len(view["scores"]) == 3
    events = by_seat[1].get(f"/api/games/{game_id}/events?limit=5000").json()["events"]
    assert events[-1]["data"]["type"] == "game_ended"
