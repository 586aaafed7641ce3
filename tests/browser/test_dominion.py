"""A whole 2-player Dominion game played by clicking in Chromium, the other seat by the heuristic bot.

The game is stacked through the service's trusted path (`decks`, `kingdom`) so that it ends in a few
minutes of clicks: the clicking player opens with Golds, the bot with an Urchin whose attack makes the
clicking player pick a card to discard (a card selection with a confirm button). Every kind of page is
checked with axe-core and for sideways scrolling at phone width; screenshots land in var/screenshots/.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from dominion.bots import heuristic_bot
from games import services, store
from games.models import Game, Seat

from .axe import assert_accessible
from .conftest import SCREENSHOTS, hold_live_updates, moved_in_place

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
KINGDOM = ["urchin", "beggar", "squire", "vagrant", "forager", "hermit", "market_square", "sage", "storeroom",
           "armory"]
DECKS = [
    ["gold"] * 5 + ["gold", "gold", "gold", "gold", "silver"],
    ["urchin"] + ["copper"] * 7 + ["estate"] * 2,
]


def _check(page: Any, kind: str, checked: set[str]) -> None:
    if kind not in checked:
        checked.add(kind)
        assert_accessible(page, kind)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{kind} scrolls sideways by {overflow}px"


def _shoot(page: Any, name: str, full_page: bool = True) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


def _bot_moves(game: Game, seat: int, user: Any, rng: random.Random) -> None:
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or seat not in game.awaiting:
            return
        state = store.load_state(game, use_cache=False)
        services.execute(user, game.pk, heuristic_bot(state, seat, rng))


def _click(page: Any, locator: Any) -> None:
    with moved_in_place(page):
        locator.click()


def _end_turn(page: Any) -> None:
    """End the turn; with coins and a buy left the table asks first ("End your turn with $3 and a buy left?
    Press the button again"), and the second press ends it."""
    version = page.locator("#game").get_attribute("data-version")
    end = page.get_by_role("button", name="End your turn")
    end.click()
    moved = page.locator(f'#game:not([data-version="{version}"])')
    moved.or_(page.get_by_text("Press the button again")).first.wait_for()
    if not moved.count():
        _click(page, end)


def test_a_whole_dominion_game_by_clicking(make_user: Any, page_for: Any, live_server: Any) -> None:
    users = [make_user("Anna", language="en"), make_user("Ben", language="en")]
    game = services.create_game(users[0], "dominion", 2, options={"kingdom": KINGDOM, "decks": DECKS}, trusted=True)
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    seats = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    me, bot = seats[0], seats[1]
    rng = random.Random(3)
    page = page_for(me)
    hold_live_updates(page)  # the bot's moves must not reload the page under the test's own goto
    url = f"{live_server.url}/games/{game.pk}/"
    checked: set[str] = set()
    page.goto(url)
    page.set_viewport_size(DESKTOP)
    _check(page, "table, action phase", checked)
    _shoot(page, "dominion_desktop")
    page.set_viewport_size(PHONE)
    _check(page, "table at phone width", checked)
    _shoot(page, "dominion_phone", full_page=False)
    decided = standing = False
    for _step in range(200):
        _bot_moves(game, 1, bot, rng)
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        page.goto(url)
        choice = page.locator("form.card-choice")
        if choice.count():
            _check(page, "a decision to make", checked)
            _shoot(page, "dominion_decision_phone", full_page=False)
            page.get_by_role("heading", name="History").scroll_into_view_if_needed()
            _shoot(page, "dominion_history_phone", full_page=False)
            page.locator("form.card-choice label.card").first.click()
            _click(page, choice.get_by_role("button", name="Confirm the selection"))
            decided = True
            continue
        if not standing:
            # An out-of-turn command: the standing answer for Beggar, set by a button.
            _click(page, page.get_by_role("button", name="Beggar: always use it"))
            standing = True
            continue
        treasures = page.get_by_role("button", name="Play all Treasures")
        if treasures.count():
            _click(page, treasures)
            continue
        for pile in ("Province", "Gold", "Duchy"):
            buy = page.get_by_role("button", name=f"Buy {pile}")
            if buy.count():
                _check(page, "buy phase", checked)
                _click(page, buy)
                break
        else:
            _end_turn(page)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert decided, "the Urchin's discard was never clicked"
    page.goto(url)
    page.set_viewport_size(DESKTOP)
    assert page.get_by_role("heading", name="Final scores").count() == 1
    _check(page, "finished game", checked)
    _shoot(page, "dominion_finished_desktop")
    page.goto(url + "?at=8")
    assert page.get_by_role("navigation", name="Replay").count() == 1
    _check(page, "replay", checked)
    view = store.load_state(game)
    assert view.standing[0] == {"beggar": "always"}
    # The table's own stylesheet is served (a Treasure's frame is gold), and no script error happened
    # (the browser's request for /favicon.ico is the only 404 of the site).
    colour = page.evaluate("getComputedStyle(document.querySelector('.card.dom.treasure')).backgroundColor")
    assert colour == "rgb(246, 231, 168)", colour
    uncaught = [e for e in page.js_errors if e.startswith("uncaught")]  # type: ignore[attr-defined]
    assert not uncaught, uncaught


def test_the_question_before_a_wasteful_move_survives_a_table_redrawn_in_between(
    make_user: Any, page_for: Any, live_server: Any
) -> None:
    """"End your turn with 15 coins and a buy left?" asks once; when the table is redrawn in place between the
    two presses (a live update brings the buttons anew from the server), the second press ends the turn and
    does not ask again (under load, a late update used to reset the question, and the turn never ended)."""
    users = [make_user("Anna", language="en"), make_user("Ben", language="en")]
    game = services.create_game(users[0], "dominion", 2, options={"kingdom": KINGDOM, "decks": DECKS}, trusted=True)
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    seats = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    services.execute(seats[0], game.pk, {"type": "play_treasures"})
    page = page_for(seats[0])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    end = page.get_by_role("button", name="End your turn")
    end.click()
    expect(page.get_by_text("Press the button again")).to_be_visible()
    # The in-place update's way: every command button replaced by a fresh copy (no state of its own).
    page.evaluate("""document.querySelectorAll('#game button.cmd').forEach(function (b) {
        const fresh = b.cloneNode(true); Object.keys(fresh.dataset).forEach(function (k) {
            if (k !== 'command') { delete fresh.dataset[k]; } }); b.replaceWith(fresh); })""")
    version = game.version + 1
    with page.expect_response(lambda r: r.url.endswith("/commands") and r.request.method == "POST") as answer:
        end.click()
    assert answer.value.ok, answer.value.text()
    game.refresh_from_db()
    assert game.version > version and 0 not in game.awaiting
