"""A rematch in a real browser (headless Chromium + axe-core): at the end of a game one player offers it
with one click, the other accepts on the finished game's page, and the new game starts."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Game, Rematch
from tests.games.test_resign import started, user_at

from .axe import assert_accessible

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_two_players_start_a_rematch(make_user: Any, page_for: Any, live_server: Any) -> None:
    game = started([make_user("ann"), make_user("bob")], "citadels")
    services.resign(user_at(game, 1), game.pk)
    host, guest = user_at(game, 0), user_at(game, 1)
    page = page_for(host)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert_accessible(page, "finished game with the rematch offer")
    page.get_by_role("button", name="Offer a rematch").click()
    page.wait_for_load_state()
    assert "waiting for 1 player" in page.content()
    other = page_for(guest)
    other.goto(f"{live_server.url}/games/{game.pk}/")
    assert_accessible(other, "rematch offered")
    other.get_by_role("button", name="Accept the rematch").click()
    rematch = Rematch.objects.get(previous=game)
    other.wait_for_url(f"**/games/{rematch.game_id}/")
    rematch.refresh_from_db()
    assert rematch.status == Rematch.Status.STARTED
    assert Game.objects.get(pk=rematch.game_id).status == Game.Status.ACTIVE
    assert "Waiting for:" in other.content()  # the new game's table
    assert page.js_errors == [] and other.js_errors == []  # type: ignore[attr-defined]
    other.close()  # its live poll would meet the guest's session ended by signing the host in again
    again = page_for(host)  # (signing the guest in ended the host's test session)
    again.goto(f"{live_server.url}/games/{game.pk}/")
    assert again.get_by_role("link", name="Go to the rematch").is_visible()
