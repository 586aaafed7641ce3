"""Two players chat during a game in real browsers, on a phone (390 px) and a desktop (1366 px): a line sent
with the table's form arrives on the other's open table over the live stream (no poll, no reload) within a
second or two; sending keeps the page, its scroll and the focus in the cleared field; a refusal is told on
the chat's alert line; without JavaScript the form still posts and the page shows the line. axe-core finds
nothing serious."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import expect

from chat.models import Message
from tests.games.helpers import started_game

from .axe import assert_accessible

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
WIDTHS = [390, 1366]


def signed_in_tab(browser: Any, live_server: Any, user: Any, width: int = 1000, *, script: bool = True) -> Any:
    """A tab signed in as `user` with a session of its own (the `page_for` fixture signs its one test
    client out first, which would end the other player's session), `width` pixels wide."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 500 else 844}, locale="en-US",
                                  java_script_enabled=script)
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None)
    page.js_errors = errors
    return page


def opened(page: Any, url: str) -> Any:
    """`page` at `url`, marked to show a reload (which would forget the mark)."""
    page.goto(url)
    page.evaluate("window.loadedOnce = 'yes'")
    return page


@pytest.mark.parametrize("width", WIDTHS)
def test_chat_lines_arrive_live_and_sending_keeps_the_page(browser: Any, live_server: Any, make_user: Any,
                                                          width: int) -> None:
    ann, ben = make_user("Ann"), make_user("Ben")
    game = started_game([ann, ben])
    url = f"{live_server.url}/games/{game.pk}/"
    bens = opened(signed_in_tab(browser, live_server, ben, width), url)
    assert bens.locator("#chat .chat-empty").is_visible()
    anns = opened(signed_in_tab(browser, live_server, ann, width), url)

    field = anns.locator("#chat-text")
    field.scroll_into_view_if_needed()
    field_top = anns.evaluate("document.getElementById('chat-text').getBoundingClientRect().top")
    field.fill("Shall we both skip the Assassin? https://example.org/rules")
    started = time.monotonic()
    anns.locator("#chat .chat-form button").click()
    expect(anns.locator("#chat .chat-messages li")).to_have_count(1)
    expect(field).to_have_value("")
    expect(field).to_be_focused()
    # the field stays where it was on the screen, the new line above it (issue 35)
    assert anns.evaluate("window.loadedOnce") == "yes"
    assert abs(anns.evaluate("document.getElementById('chat-text').getBoundingClientRect().top") - field_top) <= 2
    assert Message.objects.get().author == ann

    # Ben's table shows it over the live stream, in place.
    line = bens.locator("#chat .chat-messages li").first
    expect(line).to_contain_text("Shall we both skip the Assassin?", timeout=5_000)
    arrived = time.monotonic() - started
    assert line.locator("a").get_attribute("href") == "https://example.org/rules"
    assert bens.locator("#chat .chat-empty").count() == 0
    assert bens.evaluate("window.loadedOnce") == "yes"
    assert arrived < 3, arrived

    bens.fill("#chat-text", "Deal.")
    bens.press("#chat-text", "Tab")
    bens.keyboard.press("Enter")  # the Send button, by the keyboard
    expect(anns.locator("#chat .chat-messages li").nth(1)).to_contain_text("Deal.", timeout=5_000)
    expect(bens.locator("#chat .chat-text")).to_have_text(["Shall we both skip the Assassin? https://example.org/rules",
                                                           "Deal."])
    # A refusal is told on the chat's alert line; nothing is written, the text stays to be corrected.
    bens.fill("#chat-text", "   ")
    bens.locator("#chat .chat-form button").click()
    expect(bens.locator("#chat .chat-error")).to_have_text("The message is empty.")
    assert Message.objects.count() == 2

    assert_accessible(bens, "the table with its chat")
    assert anns.js_errors == []
    assert [e for e in bens.js_errors if "status of 400" not in e] == []  # the refused post's 400 only


@pytest.mark.parametrize("width", WIDTHS)
def test_without_javascript_the_chat_form_posts_the_page(browser: Any, live_server: Any, make_user: Any,
                                                        width: int) -> None:
    ann, ben = make_user("Ann"), make_user("Ben")
    game = started_game([ann, ben])
    anns = signed_in_tab(browser, live_server, ann, width, script=False)
    anns.goto(f"{live_server.url}/games/{game.pk}/")
    anns.fill("#chat-text", "No script here.")
    with anns.expect_navigation():
        anns.locator("#chat .chat-form button").click()
    assert anns.url.endswith(f"/games/{game.pk}/#chat")
    expect(anns.locator("#chat .chat-text")).to_have_text(["No script here."])
