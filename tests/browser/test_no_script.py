"""The table without JavaScript (issue 20): a move button posts its form and a full page comes back; the
question before a wasteful move ("Buy a Curse?") is a page of its own with a Yes button."""

from __future__ import annotations

from typing import Any

import pytest

from games import store
from tests.games.test_takeback_pages import _dominion_in_buy_phase

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_move_and_its_question_without_javascript(browser: Any, live_server: Any, client: Any,
                                                    make_user: Any) -> None:
    game, player = _dominion_in_buy_phase(make_user)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", java_script_enabled=False)
    context.set_default_timeout(10_000)
    client.force_login(player)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("li.card.dom.curse button.act").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/games/{game.pk}/move")
    assert "Buy a Curse?" in page.locator("form.confirm-move").inner_text()
    game.refresh_from_db()
    version = game.version  # the question wrote nothing
    page.get_by_role("button", name="Yes, do it").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/games/{game.pk}/")
    game.refresh_from_db()
    assert game.version > version and len(store.load_state(game, use_cache=False).piles["curse"]) == 9
    # The next move (no buy left: nothing to ask) goes at once, and the table comes back: the other's turn.
    page.get_by_role("button", name="End your turn").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/games/{game.pk}/") and not page.get_by_role("button", name="End your turn").count()
    game.refresh_from_db()
    seat = next(s.index for s in game.seats.all() if s.user_id == player.pk)
    assert seat not in game.awaiting


def test_the_question_page_is_accessible(browser: Any, live_server: Any, client: Any, make_user: Any) -> None:
    from .axe import assert_accessible

    game, player = _dominion_in_buy_phase(make_user)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.set_default_timeout(10_000)
    client.force_login(player)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # The Curse's button submitted as a page without the script would (the script sends it in place).
    page.evaluate("""() => { const form = document.getElementById('moves'), b = document.querySelector('li.card.dom.curse button.act');
        const field = document.createElement('input'); field.type = 'hidden'; field.name = 'command'; field.value = b.value;
        form.append(field); form.submit(); }""")
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/move")
    assert "Buy a Curse?" in page.locator("form.confirm-move").inner_text()
    assert_accessible(page, "the question before a wasteful move")
