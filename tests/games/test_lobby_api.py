"""The lobby through HTTP: list filters, join, leave, abandon, start, and what each caller sees."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db


def test_lobby_over_http(make_user: Any, api_client: Any) -> None:
    host, guest, other = make_user("host"), make_user("guest"), make_user("other")
    h, g, o = api_client(host), api_client(guest), api_client(other)
    created = h.post("/api/games/", {"players": 3, "options": {}, "time_control": {"decision_hours": 24}}, format="json")
    assert created.status_code == 201
    game = created.json()
    assert game["status"] == "open" and game["seat"] is None and game["joined"] is True and game["view"] is None
    assert game["time_control"] == {"decision_hours": 24, "reminder_hours": 12, "timeout_policy": "bot"}
    game_id = game["id"]
    assert [x["id"] for x in o.get("/api/games/?status=open").json()["results"]] == [game_id]
    assert o.get("/api/games/?mine=1").json()["results"] == []
    assert g.post(f"/api/games/{game_id}/join").json()["joined"] is True
    listed = o.get("/api/games/?status=open").json()["results"][0]
    assert listed["seated"] == 2 and listed["players"] == 3
    assert g.get("/api/games/?mine=1").json()["results"][0]["seated"] == 2
    assert g.post(f"/api/games/{game_id}/leave").json()["joined"] is False
    assert g.post(f"/api/games/{game_id}/join").status_code == 200
    started = h.post(f"/api/games/{game_id}/start").json()
    assert started["status"] == "active" and started["players"] == 2
    assert sorted(s["index"] for s in started["seats"]) == [0, 1]
    assert started["deadline_at"] is not None
    assert o.get("/api/games/?status=open").json()["results"] == []
    assert [x["id"] for x in o.get("/api/games/?status=active").json()["results"]] == [game_id]
    # A spectator may read the game; the host sees their own seat and, when awaited, their choices.
    spectator = o.get(f"/api/games/{game_id}/").json()
    assert spectator["seat"] is None and spectator["joined"] is False and spectator["view"] is not None
    mine = h.get(f"/api/games/{game_id}/").json()
    assert mine["seat"] in (0, 1)
    assert bool(mine["legal_commands"]) == (mine["seat"] in mine["awaiting"])


def test_last_player_leaving_abandons(make_user: Any, api_client: Any) -> None:
    client = api_client(make_user())
    game_id = client.post("/api/games/", {"players": 2}, format="json").json()["id"]
    left = client.post(f"/api/games/{game_id}/leave")
    assert left.status_code == 200 and left.json()["status"] == "abandoned"
    joined = api_client(make_user()).post(f"/api/games/{game_id}/join")
    assert joined.status_code == 409 and joined.json()["code"] == "game_not_open"
