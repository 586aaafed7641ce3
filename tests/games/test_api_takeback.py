"""Taking back through the API, per game: POST /api/games/<id>/take-back takes back at once (201) or asks (202); GET
tells what the seat may do; /take-back/answer accepts or refuses; refusals are 4xx {code, message} and write
nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import services, store
from games.models import Game
from games.registry import get_kind
from rules_kit.takeback import TAKEN_BACK

from .helpers import db_snapshot, seat_users, started_game
from .test_takeback import dumped, play_until, send

pytestmark = pytest.mark.django_db


def dominion_game(make_user: Any) -> Game:
    users = [make_user(), make_user()]
    game = services.create_game(users[0], "dominion", 2)
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    return game


def citadels_game(make_user: Any) -> Game:
    game = started_game([make_user(), make_user()])
    play_until(game, {"take_gold"}, random.Random(5))
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("make_game, first", [(dominion_game, "play_treasures"), (citadels_game, "take_gold")],
                         ids=["dominion", "citadels"])
def test_takeback_at_once_through_the_api(make_user: Any, api_client: Any, make_game: Any, first: str) -> None:
    game = make_game(make_user)
    seat = game.awaiting[0]
    client = api_client(seat_users(game)[seat])
    before = dumped(game)
    assert client.get(f"/api/games/{game.pk}/take-back").json()["may_take_back"] is False
    send(game, seat, first)
    status = client.get(f"/api/games/{game.pk}/take-back").json()
    assert status == {"may_take_back": True, "may_ask": False, "may_answer": False, "request": None}
    answer = client.post(f"/api/games/{game.pk}/take-back", HTTP_IDEMPOTENCY_KEY="takeback-1")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["taken_back"] is True and body["request"] is None
    assert body["result"]["events"][0]["type"] == TAKEN_BACK and "state" not in body["result"]["events"][0]["data"]
    game.refresh_from_db()
    assert dumped(game) == before
    again = client.post(f"/api/games/{game.pk}/take-back", HTTP_IDEMPOTENCY_KEY="takeback-1")
    assert again.status_code == 201 and again.json()["result"]["version"] == game.version  # the same answer
    history = client.get(f"/api/games/{game.pk}/events?after={game.version - 2}").json()["events"]
    assert [e["taken_back"] for e in history] == [True, False]


def test_api_refusals_write_nothing(make_user: Any, api_client: Any) -> None:
    game = citadels_game(make_user)
    seat = game.awaiting[0]
    users = seat_users(game)
    send(game, seat, "take_gold")
    send(game, seat, "end_turn")
    stranger = make_user()
    before = db_snapshot()
    cases = [
        (api_client(), "post", f"/api/games/{game.pk}/take-back", None, 401),
        (api_client(stranger), "post", f"/api/games/{game.pk}/take-back", None, 403),
        (api_client(users[seat]), "post", "/api/games/999999/take-back", None, 404),
        (api_client(users[1 - seat]), "post", f"/api/games/{game.pk}/take-back/answer", {"accept": True}, 409),
        (api_client(users[1 - seat]), "post", f"/api/games/{game.pk}/take-back/answer", {"accept": "perhaps"}, 400),
    ]
    for client, method, url, data, code in cases:
        response = getattr(client, method)(url, data, format="json")
        assert response.status_code == code, (url, response.content)
        assert {"code", "message"} <= set(response.json())
    # the command path refuses the needed consent the same way
    needs = api_client(users[seat]).post(f"/api/games/{game.pk}/commands", {"command": {"type": "take_back"}}, format="json")
    assert needs.status_code == 409 and needs.json()["code"] == "takeback_needs_consent"
    assert db_snapshot() == before


def test_consent_through_the_api(make_user: Any, api_client: Any) -> None:
    game = citadels_game(make_user)
    seat = game.awaiting[0]
    users = seat_users(game)
    send(game, seat, "take_gold")
    version = game.version
    send(game, seat, "end_turn")
    asker, other = api_client(users[seat]), api_client(users[1 - seat])
    assert asker.get(f"/api/games/{game.pk}/take-back").json()["may_ask"] is True
    asked = asker.post(f"/api/games/{game.pk}/take-back")
    assert asked.status_code == 202 and asked.json()["taken_back"] is False
    assert asked.json()["request"]["seat"] == seat and asked.json()["request"]["to_version"] == version
    assert asker.post(f"/api/games/{game.pk}/take-back").json()["code"] == "takeback_request_open"
    assert other.get(f"/api/games/{game.pk}/take-back").json()["may_answer"] is True
    accepted = other.post(f"/api/games/{game.pk}/take-back/answer", {"accept": True}, format="json")
    assert accepted.status_code == 200 and accepted.json()["status"] == "accepted"
    game.refresh_from_db()
    assert game.awaiting == [seat] and dumped(game) == dumped(game, at=version)
    rules = get_kind(game.kind).rules
    assert {"type": "end_turn"} in rules.legal_commands(store.load_state(game), seat)
