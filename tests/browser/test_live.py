"""Two players at once under the ASGI server production runs (uvicorn): a move by one appears on the other's
page in place (pushed over server-sent events, no reload), the scroll position and the keyboard focus are
kept, the new history lines are marked; the mover's own page answers in place too; the tabs' titles say
whose turn it is."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import Game
from tests.games.helpers import seat_users, started_game

from .axe import assert_accessible
from .conftest import moved_in_place

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def asgi_server(live_server: Any) -> str:
    """The site's address under uvicorn (every browser test's `live_server`: tests/browser/conftest.py)."""
    return str(live_server.url)


def _open(browser: Any, base: str, user: Any, path: str) -> Any:
    """A tab of its own for `user` (signed in by a session of its own), at `path`, marked to show a reload."""
    context = browser.new_context(viewport={"width": 1000, "height": 500}, locale="en-US")
    context.set_default_timeout(10_000)
    client = Client()
    client.force_login(user)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
    page.js_errors = errors  # type: ignore[attr-defined]
    page.goto(base + path)
    page.evaluate("window.loadedOnce = 'yes'")  # a reload would forget it
    return page


def test_a_move_appears_on_the_other_players_page_in_place(browser: Any, asgi_server: str,
                                                            make_user: Any) -> None:
    users = [make_user("Anna", language="en"), make_user("Ben", language="en")]
    game = started_game(users)
    seats = seat_users(game)
    mover_seat = game.awaiting[0]
    mover, watcher = seats[mover_seat], seats[1 - mover_seat]
    path = f"/games/{game.pk}/"
    theirs = _open(browser, asgi_server, watcher, path)
    mine = _open(browser, asgi_server, mover, path)
    assert re.match(rf"^\(•\) Your turn – Citadels #{game.pk}", mine.title())
    assert theirs.title().startswith(f"Citadels #{game.pk}")
    assert "favicon-turn" in (mine.locator("link[rel=icon]").get_attribute("href") or "")
    assert "favicon-turn" not in (theirs.locator("link[rel=icon]").get_attribute("href") or "")

    # The watcher reads further down the page with a card of the table focused.
    card = theirs.locator("#game li.card[tabindex]").first
    card.focus()
    theirs.evaluate("window.focusedBefore = document.activeElement")
    theirs.evaluate("window.scrollTo(0, 300)")
    scrolled = theirs.evaluate("window.scrollY")
    assert scrolled > 0
    card_top = theirs.evaluate("window.focusedBefore.getBoundingClientRect().top")
    lines_before = theirs.locator("ol.history li").count()
    expect(theirs.locator("#game")).to_have_attribute("data-version", str(game.version))

    # The mover clicks one of their choices: their own page answers in place.
    choice = mine.locator("button.cmd").first
    started = time.monotonic()
    with moved_in_place(mine):
        choice.click()
    game.refresh_from_db()
    assert mine.evaluate("window.loadedOnce") == "yes"
    assert mine.locator("#game").get_attribute("data-version") == str(game.version)

    # The watcher's page follows without a reload: new version, new lines marked, scroll and focus kept.
    expect(theirs.locator("#game")).to_have_attribute("data-version", str(game.version), timeout=5_000)
    arrived = time.monotonic() - started
    # All at once, in the task that changed the page (the marks fade after four seconds).
    after = theirs.evaluate("""() => ({
        loaded: window.loadedOnce, fresh: document.querySelectorAll("ol.history li.live-new").length,
        lines: document.querySelectorAll("ol.history li").length,
        top: window.focusedBefore.getBoundingClientRect().top,
        focusKept: document.activeElement === window.focusedBefore})""")
    assert after["loaded"] == "yes"  # no reload
    assert after["fresh"] >= 1 and after["lines"] >= lines_before
    assert abs(after["top"] - card_top) <= 2  # the focused card stays where it was on the screen (issue 35)
    assert after["focusKept"]
    if watcher_seat_awaited(game, 1 - mover_seat):
        assert theirs.title().startswith("(•) Your turn")
        assert "favicon-turn" in (theirs.locator("link[rel=icon]").get_attribute("href") or "")
    assert not mine.title().startswith("(•)") or mover_seat in game.awaiting
    assert_accessible(theirs, "the table after a live update")
    # The marks fade after a few seconds.
    expect(theirs.locator("ol.history li.live-new")).to_have_count(0, timeout=8_000)
    assert not theirs.js_errors and not mine.js_errors, (theirs.js_errors, mine.js_errors)
    assert arrived < 5


def watcher_seat_awaited(game: Game, seat: int) -> bool:
    game.refresh_from_db()
    return game.status == Game.Status.ACTIVE and seat in game.awaiting


def test_the_lobby_follows_the_players_games(browser: Any, asgi_server: str, make_user: Any) -> None:
    users = [make_user("Anna", language="en"), make_user("Ben", language="en")]
    game = started_game(users)
    seats = seat_users(game)
    mover_seat = game.awaiting[0]
    lobby = _open(browser, asgi_server, seats[1 - mover_seat], "/")
    assert lobby.title().startswith("Your games")
    table = _open(browser, asgi_server, seats[mover_seat], f"/games/{game.pk}/")
    with moved_in_place(table):
        table.locator("button.cmd").first.click()
    if watcher_seat_awaited(game, 1 - mover_seat):
        expect(lobby).to_have_title(re.compile(r"^\(1\) Your games"), timeout=5_000)
        expect(lobby.locator("section[aria-labelledby=waiting-title] a")).to_have_text(f"Citadels #{game.pk}")
    assert lobby.evaluate("window.loadedOnce") == "yes"
