"""Issue 40, status messages (WCAG 4.1.3) and errors tied to their controls on the game's table.

What the polite live region #live-status says is recorded by a MutationObserver (every text it is given, in
order): another player's move is told by its new history lines, once; a new chat line once (the reader's
own not at all); the turn coming to the reader is said; a table drawn anew says nothing again. An error of
a move is described to the control that caused it (aria-describedby), and leaves it when the next move goes.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from chat import services as chat_services
from tests.games.helpers import seat_users, started_game

from .conftest import signed_in_tab
from .test_live_in_place import arrived, move_for

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Every text #live-status is given, in order (an emptied region is not recorded).
LISTEN = """() => {
  window.heard = [];
  const status = document.getElementById("live-status");
  new MutationObserver(() => { const t = status.textContent.trim(); if (t) { window.heard.push(t); } })
    .observe(status, {childList: true, characterData: true, subtree: true});
}"""
# The texts of the history's lines (data-key -> text).
LINES = """() => Object.fromEntries(Array.from(document.querySelectorAll("ol.history > li[data-key]"),
  (li) => [li.dataset.key, li.textContent.replace(/\\s+/g, " ").trim()]))"""


def heard(page: Any) -> list[str]:
    return list(page.evaluate("window.heard"))


def wait_heard(page: Any, count: int) -> list[str]:
    """Wait until the region was given `count` texts (and a moment more, for any that would follow)."""
    for _ in range(100):  # (not wait_for_function: it evaluates a string, which the page's CSP forbids)
        if len(heard(page)) >= count:
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(300)
    return heard(page)


def test_moves_and_chat_lines_are_told_once(
    make_user: Any, browser: Any, live_server: Any, client: Any
) -> None:
    game = started_game([make_user("Anna", language="en"), make_user("Ben", language="en")])
    seats = seat_users(game)
    mover = game.awaiting[0]
    reader = 1 - mover
    page = signed_in_tab(browser, live_server, client, seats[reader], console=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.evaluate(LISTEN)
    rng = random.Random(7)

    told = 0
    turn_said = False
    while move_for(game, mover, rng):
        before = page.evaluate(LINES)
        arrived(page, game)
        after = page.evaluate(LINES)
        new = [text for key, text in after.items() if key not in before]
        said = wait_heard(page, told + 1)
        assert len(said) == told + 1, f"one update, one message: {said[told:]}"
        message = said[told]
        told += 1
        assert new, "the other player's move wrote a history line"
        for text in new[:8]:
            assert text in message, f"{text!r} is not in what was said: {message!r}"
        assert "the table is updated" not in message
        if reader in game.awaiting:
            assert message.endswith("It is your turn."), message
            turn_said = True
            break
        assert "your turn" not in message
    assert turn_said, "the reader's turn came and was said"
    # What a screen reader finds at the turn: the choices as the accessibility tree has them (docs/accessibility.md
    # quotes this print), with controls named.
    choices = page.locator("#game section.choices").aria_snapshot()
    print("heard:", said, "\nchoices:\n" + choices)
    assert re.search(r'(button|checkbox|combobox|radio) "[^"]+"', choices), choices

    # The other player's chat line: said once, with the chat named.
    chat_services.post(seats[mover], game.pk, "Are you there?")
    expect(page.locator("#chat .chat-messages li", has_text="Are you there?")).to_have_count(
        1, timeout=15_000
    )
    said = wait_heard(page, told + 1)
    assert said[told:] == [f"In the chat: {seats[mover].display_name}: Are you there?"], said[told:]
    told += 1

    # The reader's own line: shown, not said.
    page.locator("#chat-text").fill("Thinking.")
    page.locator("#chat .chat-form button").click()
    expect(page.locator("#chat .chat-messages li", has_text="Thinking.")).to_have_count(1)
    page.wait_for_timeout(800)
    assert heard(page) == said, heard(page)[told:]

    # Drawn anew (a notice of the table's mark, nothing new): silence; every history line was said at most once.
    page.evaluate("document.dispatchEvent(new CustomEvent('chat:said'))")
    page.wait_for_timeout(800)
    final = heard(page)
    assert len(final) == told, final[told:]
    lines = page.evaluate(LINES).values()
    for text in lines:
        assert sum(m.count(text) for m in final) <= 1, f"{text!r} was said more than once: {final}"
    assert not page.js_errors, page.js_errors


def test_an_error_describes_the_control_that_caused_it(
    make_user: Any, browser: Any, live_server: Any, client: Any
) -> None:
    game = started_game([make_user("Anna", language="en"), make_user("Ben", language="en")])
    player = seat_users(game)[game.awaiting[0]]
    page = signed_in_tab(browser, live_server, client, player, console=False)
    refusal = {"code": "illegal", "message": "Not now: the rules refuse it."}
    page.route(
        "**/api/games/*/commands",
        lambda route: route.fulfill(status=400, content_type="application/json", body=json.dumps(refusal)),
    )
    page.goto(f"{live_server.url}/games/{game.pk}/")
    control = page.locator("#game section.choices button.cmd, #game form.card-choice button").first
    expect(control).to_be_visible()
    form = page.locator("#game form.card-choice").first
    is_choice = control.evaluate("(b) => !!b.closest('form.card-choice')")
    if is_choice:  # a card choice: pick its first card, so the server (here: the refusal) answers
        form.locator("input:not([type=hidden])").first.check()
    control.click()
    error = page.locator("#error")
    expect(error).to_have_text(refusal["message"])
    tied = form if is_choice else control
    assert "error" in (tied.get_attribute("aria-describedby") or "").split()
    expect(tied).to_have_accessible_description(refusal["message"])

    if is_choice:  # sent with nothing picked: the form's fields are what is wrong
        form.locator("input:checked").uncheck()
        control.click()
        expect(error).to_have_text("Select a card first.")
        field = form.locator("input:not([type=hidden]), select").first
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(field).to_have_accessible_description("Select a card first.")

    # The next send takes the error and its ties away.
    page.unroute("**/api/games/*/commands")
    page.route("**/api/games/*/commands", lambda route: route.abort())
    if is_choice:
        form.locator("input:not([type=hidden])").first.check()
    control.click()
    expect(error).to_have_text("The server could not be reached; please try again.")
    assert page.locator("#game [aria-invalid]").count() == 0
    assert page.evaluate("document.querySelectorAll('#game [aria-describedby~=error]').length") == 1
