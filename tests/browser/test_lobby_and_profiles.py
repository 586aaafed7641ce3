"""The lobby's open games with their players' figures, its filters and a refused join, and a player's
profile with a private part, in the browser with axe-core (English and German)."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from ratings.models import ProfilePrivacy, Rating
from tests.ratings.helpers import open_game, play_to_end

from .axe import assert_accessible

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_the_lobby_filters_and_says_why_a_join_is_refused(make_user: Any, page_for: Any, live_server: Any) -> None:
    host = make_user("Hanna")
    Rating.objects.create(user=host, kind="citadels", mu=30.0, sigma=5.0, games=3)  # displayed 15.0
    fast = services.create_game(host, "citadels", 4, time_control={"decision_hours": 12}, min_rating=10)
    slow = services.create_game(host, "dominion", 3, time_control={"decision_hours": 120})
    page = page_for(make_user("Neo"))
    page.goto(live_server.url + "/")
    listing = page.locator(".open-games")
    assert listing.locator(f'[data-game="{fast.pk}"]').count() == 1 and listing.locator(f'[data-game="{slow.pk}"]').count() == 1
    assert "rating 15.0" in listing.locator(f'[data-game="{fast.pk}"]').inner_text()
    assert_accessible(page, "the lobby")
    page.get_by_label("Pace").select_option("slow")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url("**/?*pace=slow*")
    assert listing.locator(f'[data-game="{fast.pk}"]').count() == 0
    assert listing.locator(f'[data-game="{slow.pk}"]').count() == 1
    page.goto(live_server.url + "/")
    listing.locator(f'[data-game="{fast.pk}"]').get_by_role("button", name="Join").click()
    page.get_by_text("This game asks for a rating of 10.0 at least").wait_for()
    assert_accessible(page, "a refused join")


def test_a_profile_with_a_private_part_in_german(make_user: Any, page_for: Any, live_server: Any) -> None:
    ada, bob = make_user("Ada"), make_user("Bob", language="de")
    game = play_to_end(open_game([ada, bob]), seed=3)
    ProfilePrivacy.objects.create(user=ada, show_reliability=False)
    page = page_for(bob)
    page.goto(f"{live_server.url}/players/{ada.pk}/")
    page.get_by_role("heading", name="Ada").wait_for()
    assert page.get_by_text("Nicht öffentlich.").count() == 1
    assert page.get_by_role("heading", name="Wertungen").count() == 1
    assert_accessible(page, "a profile")
    page.locator(f'a[href="/games/{game.pk}/?at=1"]').click()
    page.wait_for_url(f"**/games/{game.pk}/?at=1")
