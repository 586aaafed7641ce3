"""Each seat's clock in the answers that carry one game (`services.game_detail`): its GET, the join, the
start and the take-over, and the schema that documents it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games import services
from games.serializers import GameDetailSerializer

from .test_takeover import neglected_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
BANK = {"mode": "bank", "initial_hours": 50, "increment_hours": 24, "max_bank_hours": 168}


def test_the_get_of_a_bank_game_gives_each_seats_clock(make_user: Any, api_client: Any) -> None:
    users = [make_user(f"g{i}") for i in range(3)]
    with time_machine.travel(T0, tick=False):
        game = services.create_game(users[0], "citadels", 3, time_control=BANK)
        open_answer = api_client(users[0]).get(f"/api/games/{game.pk}/").json()
        joined = api_client(users[1]).post(f"/api/games/{game.pk}/join").json()
        api_client(users[2]).post(f"/api/games/{game.pk}/join")
        started = api_client(users[0]).post(f"/api/games/{game.pk}/start").json()
    assert open_answer["clocks"] == [] and joined["clocks"] == []  # no clock before the start
    assert [c["seat"] for c in started["clocks"]] == [0, 1, 2]
    game.refresh_from_db()
    awaited = game.awaiting[0]
    with time_machine.travel(T0 + 10 * HOUR, tick=False):
        clocks = {c["seat"]: c for c in api_client(users[2]).get(f"/api/games/{game.pk}/").json()["clocks"]}
    running = clocks[awaited]
    assert running["running"] and running["seconds_left"] == 40 * 3600 and running["bank_seconds"] == 40 * 3600
    assert running["deadline_at"].startswith("2026-03-04T11:00")
    idle = clocks[(awaited + 1) % 3]
    assert idle == {"seat": idle["seat"], "running": False, "deadline_at": None, "seconds_left": None,
                    "bank_seconds": 50 * 3600}


def test_the_get_of_a_game_with_a_time_per_decision_gives_the_awaited_seats_deadline(
    make_user: Any, api_client: Any
) -> None:
    users = [make_user(f"p{i}") for i in range(2)]
    with time_machine.travel(T0, tick=False):
        game = services.create_game(users[0], "citadels", 2, time_control={"decision_hours": 24})
        services.join_game(users[1], game.pk)
        services.start_game(users[0], game.pk)
    game.refresh_from_db()
    with time_machine.travel(T0 + HOUR, tick=False):
        clocks = api_client(users[0]).get(f"/api/games/{game.pk}/").json()["clocks"]
    assert [c["seat"] for c in clocks if c["running"]] == game.awaiting
    assert [c["seconds_left"] for c in clocks if c["running"]] == [23 * 3600]
    assert all(c["bank_seconds"] is None for c in clocks)


def test_the_take_over_answer_gives_the_clocks(make_user: Any, api_client: Any) -> None:
    users = [make_user(n) for n in ("ann", "bob", "cid")]
    game, seat = neglected_game(users)
    taken = api_client(make_user("dee")).post(f"/api/games/{game.pk}/take-over", {"seat": seat}, format="json")
    assert taken.status_code == 200, taken.content
    clocks = taken.json()["clocks"]
    game.refresh_from_db()
    assert [c["seat"] for c in clocks] == list(range(3))
    assert sorted(c["seat"] for c in clocks if c["running"]) == sorted(game.awaiting)


def test_the_schema_declares_the_clocks_as_always_given(api_client: Any, make_user: Any) -> None:
    assert GameDetailSerializer().fields["clocks"].required
    schema = api_client(make_user("s")).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    detail = schema["components"]["schemas"]["GameDetail"]
    assert "clocks" in detail["required"]
    assert detail["properties"]["clocks"]["items"]["$ref"].endswith("/SeatClock")
