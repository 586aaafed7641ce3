"""The hosting offers 2-8 players and the Dark City's options; the engine refuses what the options do not
allow, as a 400 with a reason, and stores nothing."""

from __future__ import annotations

import pytest

from games.models import Game

from .test_api_game import signed_up

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("options", [
    {"random_characters": True},
    {"characters": ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat",
                    "queen"], "dark_city_districts": 3, "edition": "online"},
])
def test_an_eight_player_game_with_nine_characters_is_created(options: dict) -> None:
    client = signed_up("host")
    created = client.post("/api/games/", {"kind": "citadels", "players": 8, "options": options}, format="json")
    assert created.status_code == 201, created.json()


@pytest.mark.parametrize(("players", "options", "why"), [
    (8, {}, "9 characters"),
    (9, {"random_characters": True}, "players"),
    (4, {"characters": ["assassin", "witch"]}, "rank"),
    (4, {"purple": ["castle"]}, "not purple"),
    (2, {"edition": "online"}, "3 to 8"),
])
def test_options_the_rules_do_not_allow_are_refused(players: int, options: dict, why: str) -> None:
    client = signed_up("host")
    before = Game.objects.count()
    answer = client.post("/api/games/", {"kind": "citadels", "players": players, "options": options}, format="json")
    assert answer.status_code == 400, answer.json()
    assert why in answer.json()["message"]
    assert Game.objects.count() == before
