"""The whole story in the browser (issue 20): a player coming back to a game finds the lines new since the
last visit marked and the page opened on the first of them; "Earlier rounds" puts the older rounds in place
(no page load); a move made meanwhile appears in the history marked; axe-core finds nothing serious."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import HistoryRead
from tests.games.helpers import seat_users, started_game
from tests.games.story_helpers import in_round, play_bots

from .axe import assert_accessible

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_returning_player_sees_the_new_lines_marked_and_scrolled_to(make_user: Any, page_for: Any,
                                                                      live_server: Any) -> None:
    game = started_game([make_user(f"b{i}", language="en") for i in range(3)])
    play_bots(game, in_round(3), random.Random(5))
    users = seat_users(game)
    page = page_for(users[0])
    url = f"{live_server.url}/games/{game.pk}/"
    page.goto(url)
    expect(page.locator("ol.history li.history-new")).to_have_count(0)
    read = HistoryRead.objects.get(game=game, user=users[0]).version
    page.close()

    # (not at the reader's turn: then the page opens on their choices, tests/browser/test_live_in_place.py)
    play_bots(game, lambda g: g.version >= read + 25 and 0 not in g.awaiting, random.Random(6))
    page = page_for(users[0])
    page.goto(url)
    new = page.locator("ol.history li.history-new")
    expect(new.first).to_be_visible()
    assert new.count() >= 5
    first = page.locator("#first-new")
    expect(first).to_have_class("history-new")
    expect(first).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 0, "the page opened on the new lines, not at its top"
    expect(page.get_by_role("link", name="new lines since your last visit")).to_have_attribute("href", "#first-new")
    assert_accessible(page, "the table with new history lines")

    # The earlier rounds come in place, above the shown ones, without leaving the page.
    page.get_by_role("link", name="Earlier rounds").click()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    assert page.url == url
    assert page.locator("#history-earlier ol.history li").count() > 0
    assert_accessible(page, "the history with the earlier rounds")

    # A move made meanwhile arrives in the history (the live update, here by the poll) and is marked.
    lines = page.locator("ol.history li").count()
    game.refresh_from_db()
    target = game.version + 1
    play_bots(game, lambda g: g.version >= target, random.Random(7))
    expect(page.locator("ol.history li.live-new").first).to_be_attached(timeout=15_000)
    assert page.locator("ol.history li").count() > lines
    assert page.locator("#first-new").count() == 1, "the first new line of the visit stays the only one"
    expect(page.locator(".history-note")).to_have_count(1)
    # Without JavaScript the earlier rounds are a page of their own.
    page.goto(f"{url}history?before=2")
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    assert_accessible(page, "the page of earlier rounds")
    assert not page.js_errors, page.js_errors


def test_a_spectator_replays_a_finished_game_by_turn_and_round_with_every_hand_open(
        make_user: Any, page_for: Any, live_server: Any) -> None:
    from games import services

    game = started_game([make_user(f"f{i}", language="en") for i in range(2)])
    play_bots(game, lambda g: False, random.Random(12))
    game.refresh_from_db()
    chapters = services.chapters(game)
    middle = chapters[len(chapters) // 2]
    page = page_for(make_user("onlooker"))
    page.goto(f"{live_server.url}/games/{game.pk}/?at={middle['first']}")
    expect(page.get_by_role("heading", name="Every hand (the game has ended)")).to_be_visible()
    assert_accessible(page, "a finished game's replay with every hand open")
    page.get_by_role("link", name="Next turn").click()
    expect(page.get_by_text(f"after step {middle['last']} of {game.version}")).to_be_visible()
    page.get_by_role("link", name="Next round").click()
    round_end = next(r["last"] for r in services.story_rounds(chapters) if r["last"] > middle["last"])
    expect(page.get_by_text(f"after step {round_end} of {game.version}")).to_be_visible()
    page.get_by_role("link", name="Previous turn").click()
    before = max(c["last"] for c in chapters if c["last"] < round_end)
    expect(page.get_by_text(f"after step {before} of {game.version}")).to_be_visible()
    assert not page.js_errors, page.js_errors
