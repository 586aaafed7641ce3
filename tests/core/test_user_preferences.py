"""The site's language and time zone per request (`core.middleware.UserPreferencesMiddleware`): a player
signed in by the session reads pages in their own language and zone; a request without the session cookie
(a guest, an API client with a token) is anonymous there and does not have its empty session loaded."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def test_a_signed_in_player_reads_their_language_whatever_the_browser_asks(client: Any, make_user: Any) -> None:
    player = make_user(language="de", time_zone="Europe/Berlin")
    client.force_login(player)
    answer = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200 and answer["Content-Language"] == "de"
    assert "Cookie" in answer["Vary"]  # the session said who it is


def test_a_guest_reads_the_browsers_language(client: Any) -> None:
    answer = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 200 and answer["Content-Language"] == "de"


def test_a_token_request_without_the_session_cookie_loads_no_session(client: Any, make_user: Any) -> None:
    player = make_user(language="de")
    game = started_game([player, make_user()])
    token = Token.objects.create(user=player).key
    assert settings.SESSION_COOKIE_NAME not in client.cookies
    answer = client.get(f"/api/games/{game.pk}/", HTTP_AUTHORIZATION=f"Token {token}", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200 and answer.json()["seat"] is not None
    # Nobody asked the (empty) session who it is: the answer does not vary with the cookie.
    assert "Cookie" not in answer.get("Vary", "")
    assert answer["Content-Language"] == "en"
