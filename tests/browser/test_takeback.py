"""Taking back and the confirmation in Chromium (axe-core checked): a Dominion player plays their Treasures, the
Curse button asks once and buys on the second press, the Take back button takes the buy back (struck through in
the history); then a Citadels seat asks the other to take back an ended turn, who accepts on their page."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game, TakebackRequest
from tests.games.helpers import seat_users, started_game
from tests.games.test_takeback import play_until, send

from .axe import assert_accessible
from .conftest import hold_live_updates, moved_in_place
from .test_chat import opened, signed_in_tab

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

KINGDOM = ["witch", "village", "smithy", "market", "militia", "moat", "cellar", "chapel", "workshop", "festival"]
DECKS = [["copper"] * 7 + ["estate"] * 3, ["copper"] * 7 + ["estate"] * 3]


def _errors(page: Any) -> list[str]:
    """The page's script errors, less the held live poll's aborted requests (`hold_live_updates`)."""
    return [error for error in page.js_errors if "ERR_FAILED" not in error]


def _button(page: Any, command: str) -> Any:
    return page.locator(f"button.cmd[data-command='{command}']")


def test_the_curse_asks_once_and_takeback_takes_the_buy_back(make_user: Any, page_for: Any, live_server: Any) -> None:
    users = [make_user("ann"), make_user("ben")]
    game = services.create_game(users[0], "dominion", 2, options={"kingdom": KINGDOM, "decks": DECKS}, trusted=True)
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    seat = game.awaiting[0]
    page = page_for(seat_users(game)[seat])
    hold_live_updates(page)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    with moved_in_place(page):  # a move answers in place (the table is fetched again), no navigation
        _button(page, '{"type": "play_treasures"}').click()
    version = Game.objects.get(pk=game.pk).version
    curse = _button(page, '{"type": "buy", "card": "curse"}')
    curse.click()
    page.wait_for_function("document.getElementById('error').textContent.includes('Curse')")
    assert "Press the button again" in page.locator("#error").inner_text()
    assert Game.objects.get(pk=game.pk).version == version  # nothing sent on the first press
    assert_accessible(page, "the question before a Curse")
    with moved_in_place(page):
        curse.click()
    assert Game.objects.get(pk=game.pk).version > version
    take_back = page.locator("button.takeback-button")
    assert take_back.inner_text() == "Take back my last move"
    assert_accessible(page, "the table with the Take back button")
    with page.expect_navigation():
        take_back.click()
    assert "Your last move was taken back." in page.content()
    assert page.locator(".history del").count() >= 1
    assert_accessible(page, "the history with a taken-back move")
    assert _errors(page) == []


def test_a_request_is_accepted_on_the_other_page(make_user: Any, page_for: Any, live_server: Any) -> None:
    game = started_game([make_user("cid"), make_user("dee")])
    seat = play_until(game, {"take_gold"}, random.Random(8))
    send(game, seat, "take_gold")
    send(game, seat, "end_turn")
    users = seat_users(game)
    asker = page_for(users[seat])  # one page at a time: opening the next signs the test client out
    hold_live_updates(asker)
    asker.goto(f"{live_server.url}/games/{game.pk}/")
    with asker.expect_navigation():
        asker.get_by_role("button", name="Ask to take back my last move").click()
    assert "waiting for the other players" in asker.content() and _errors(asker) == []
    other = page_for(users[1 - seat])
    hold_live_updates(other)
    other.goto(f"{live_server.url}/games/{game.pk}/")
    assert_accessible(other, "the request shown to the other player")
    with other.expect_navigation():
        other.get_by_role("button", name="Accept").click()
    assert "You accepted: the move was taken back." in other.content()
    assert TakebackRequest.objects.get(game=game).status == TakebackRequest.Status.ACCEPTED
    game.refresh_from_db()
    assert game.awaiting == [seat]
    assert _errors(other) == []


@pytest.mark.parametrize("width", [390, 1366])
def test_a_request_and_its_refusal_arrive_live_on_both_pages(make_user: Any, browser: Any, live_server: Any,
                                                             width: int) -> None:
    """Both players' tables are open: the request appears on the other's table in place (no reload), the
    refusal on the asker's, as a visible line announced to screen readers (role=alert)."""
    game = started_game([make_user("cid"), make_user("dee")])
    seat = play_until(game, {"take_gold"}, random.Random(8))
    send(game, seat, "take_gold")
    send(game, seat, "end_turn")
    users = seat_users(game)
    url = f"{live_server.url}/games/{game.pk}/"
    other = opened(signed_in_tab(browser, live_server, users[1 - seat], width), url)
    asker = opened(signed_in_tab(browser, live_server, users[seat], width), url)
    with asker.expect_navigation():  # the form posts (no script needed)
        asker.get_by_role("button", name="Ask to take back my last move").click()
    asker.evaluate("window.loadedOnce = 'yes'")

    refuse = other.get_by_role("button", name="Refuse")
    expect(refuse).to_be_visible(timeout=5_000)
    assert other.evaluate("window.loadedOnce") == "yes"  # in place
    expect(other.locator("section.takeback [role=status]")).to_contain_text(f"{users[seat].display_name} asks to take back their last move")
    assert_accessible(other, "the request arrived live")
    with other.expect_navigation():
        refuse.click()
    assert TakebackRequest.objects.get(game=game).status == TakebackRequest.Status.REFUSED

    refused = asker.locator("section.takeback [role=alert]")
    expect(refused).to_have_text(f"{users[1 - seat].display_name} refused your request to take back your last move.",
                                 timeout=5_000)
    assert asker.evaluate("window.loadedOnce") == "yes"
    expect(asker.get_by_text("waiting for the other players")).to_have_count(0)
    assert_accessible(asker, "the refusal arrived live")
    assert _errors(asker) == [] and _errors(other) == []
