"""Two players chat during a game in real browsers: one writes with the table's form (no script needed),
the other's open table shows the message through the chat's poll; axe-core finds nothing serious."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from chat.models import Message
from tests.games.helpers import started_game

from .axe import assert_accessible
from .conftest import hold_live_updates

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def signed_in_tab(browser: Any, live_server: Any, user: Any) -> Any:
    """A tab signed in as `user` with a session of its own (the `page_for` fixture signs its one test
    client out first, which would end the other player's session)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1000, "height": 900}, locale="en-US")
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
    page.js_errors = errors
    return page


def test_two_players_chat_during_a_game(browser: Any, live_server: Any, make_user: Any) -> None:
    ann, ben = make_user("Ann"), make_user("Ben")
    game = started_game([ann, ben])
    url = f"{live_server.url}/games/{game.pk}/"
    bens = signed_in_tab(browser, live_server, ben)
    hold_live_updates(bens)
    bens.goto(url)
    assert bens.locator("#chat .chat-empty").is_visible()

    anns = signed_in_tab(browser, live_server, ann)
    hold_live_updates(anns)
    anns.goto(url)
    anns.fill("#chat-text", "Shall we both skip the Assassin? https://example.org/rules")
    anns.click("#chat .chat-form button")
    anns.wait_for_url(f"**/games/{game.pk}/#chat")
    assert anns.locator("#chat .chat-messages li").count() == 1
    assert Message.objects.get().author == ann

    # Ben's table fetches what is new (the poll runs every few seconds and when the tab is shown again).
    bens.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    line = bens.locator("#chat .chat-messages li").first
    line.wait_for(timeout=20_000)
    assert "Shall we both skip the Assassin?" in line.inner_text()
    assert line.locator("a").get_attribute("href") == "https://example.org/rules"
    assert bens.locator("#chat .chat-empty").count() == 0

    bens.fill("#chat-text", "Deal.")
    bens.click("#chat .chat-form button")
    bens.wait_for_url(f"**/games/{game.pk}/#chat")
    assert [t.strip() for t in bens.locator("#chat .chat-text").all_inner_texts()] == [
        "Shall we both skip the Assassin? https://example.org/rules", "Deal."]
    anns.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    anns.locator("#chat .chat-messages li").nth(1).wait_for(timeout=20_000)
    assert "Deal." in anns.locator("#chat .chat-messages li").nth(1).inner_text()

    assert_accessible(bens, "the table with its chat")
    assert anns.js_errors == [] and bens.js_errors == []
