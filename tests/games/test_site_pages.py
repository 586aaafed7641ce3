"""The web pages through Django's test client: forms show what was wrong, errors are friendly pages."""

from __future__ import annotations

from typing import Any

import pytest

from citadels.cards import BASE_DECK, DISTRICTS
from games.models import Game

pytestmark = pytest.mark.django_db

BASE = {"kind": "citadels", "players": "4", "decision_hours": "48", "reminder_hours": "12", "timeout_policy": "bot",
        "listed": "on", "citadels__edition": "2012"}
RANKS = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def _form(**extra: str) -> dict[str, Any]:
    data: dict[str, Any] = dict(BASE)
    data.update({f"citadels__character_{i + 1}": c for i, c in enumerate(RANKS)})
    data["citadels__purple"] = sorted({d for d in BASE_DECK if DISTRICTS[d].colour == "purple"})  # as ticked
    data.update(extra)
    return data


def test_new_game_form_creates_a_game_and_refusals_are_form_errors(client: Any, make_user: Any) -> None:
    user = make_user()
    client.force_login(user)
    assert client.get("/games/new/").status_code == 200
    created = client.post("/games/new/", _form())
    assert created.status_code == 302 and Game.objects.filter(created_by=user).count() == 1
    # An option the engine refuses is a form error that shows the engine's reason; a bad time control too.
    refusals = {
        "2 players play with 8 characters": {"players": "2", "citadels__character_9": "artist"},
        "the Queen plays only with 5 or more players": {"citadels__character_9": "queen"},
        "dark_city_districts must be a number from 0 to 15": {"citadels__dark_city_districts": "16"},
        "must come before the deadline": {"reminder_hours": "99"},
    }
    for message, extra in refusals.items():
        answer = client.post("/games/new/", _form(**extra))
        assert answer.status_code == 400 and b'class="error"' in answer.content, extra
        assert message in answer.content.decode(), extra
    assert Game.objects.filter(created_by=user).count() == 1


def test_bad_ids_and_foreign_actions_are_friendly_pages(client: Any, make_user: Any) -> None:
    from games import services

    owner, other = make_user(), make_user()
    game = services.create_game(owner, players=3, listed=False)
    for path in ("/games/424242/", "/games/x/", "/games/invite/nonsense/"):
        answer = client.get(path)
        assert answer.status_code == 404 and b"<header" in answer.content, path
    client.force_login(other)
    refused = client.post(f"/games/{game.pk}/join")
    assert refused.status_code == 403 and b"invite link" in refused.content  # a private game
    assert client.post(f"/games/{game.pk}/start").status_code == 403
    assert client.get("/api/games/424242/").json()["code"] == "game_not_found"
