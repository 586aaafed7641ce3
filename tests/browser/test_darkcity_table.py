"""An 8-player Dark City table (9 random characters, the 15 Dark City purples) on a phone and a desktop:
axe-clean, nothing scrolls sideways, the 9 characters of the round in its row; screenshots to look at in
var/screenshots/darkcity_*.png."""

from __future__ import annotations

import random
from typing import Any

import pytest

from citadels import RULES
from citadels.cards import DARK_CITY_PURPLE
from games import services, store
from games.models import Game
from tests.games.helpers import seat_users, started_game

from .axe import assert_accessible
from .conftest import SCREENSHOTS

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def _play_to_a_rich_table(game: Game, rng: random.Random) -> int:
    """Random moves through the services until round 3 is being played, with cities to show; the awaited seat."""
    users = seat_users(game)
    for _ in range(600):
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE, "the game ended before the table filled"
        state = store.load_state(game, use_cache=False)
        seat = game.awaiting[0]
        legal = RULES.legal_commands(state, seat)
        if state.round >= 3 and state.phase == "turns" and len(legal) >= 3:
            return seat
        preferred = [c for c in legal if c["type"] in ("build", "take_gold", "keep_card", "thank_your_excellency")]
        command = rng.choice(preferred or legal)
        services.execute(users[seat], game.pk, command, expected_version=game.version)
    raise AssertionError("never reached round 3")


def test_an_eight_player_dark_city_table_on_phone_and_desktop(make_user: Any, page_for: Any, live_server: Any) -> None:
    users = [make_user(name) for name in ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")]
    game = started_game(users, options={"random_characters": True, "purple": list(DARK_CITY_PURPLE)})
    seat = _play_to_a_rich_table(game, random.Random(8))
    user = seat_users(game)[seat]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page = page_for(user)
        page.set_viewport_size(viewport)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        assert page.locator("ul.characters").first.locator("li.card").count() == 9
        assert page.locator("button.cmd").count() + page.locator("form.card-choice").count() >= 1
        assert_accessible(page, f"Dark City table ({size})")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the {size} table scrolls sideways by {overflow}px"
        page.screenshot(path=str(SCREENSHOTS / f"darkcity_{size}.png"), full_page=True)
        # Every card's text shows on tap (focus), within the screen.
        cards = page.locator("li.card[tabindex]")
        assert cards.count() >= 15
        for index in range(cards.count()):
            card = cards.nth(index)
            card.focus()
            assert card.locator(".text").is_visible() == bool(card.locator(".text").count())
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"the {size} table scrolls sideways by {overflow}px with card {index}'s text open"
        page.locator("li.card[tabindex]:has(.text)").last.focus()
        page.screenshot(path=str(SCREENSHOTS / f"darkcity_{size}_card_text.png"))
        assert not [e for e in page.js_errors if e.startswith("uncaught")], page.js_errors
