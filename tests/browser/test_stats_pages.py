"""Issue 39 in a real browser: a finished Citadels and a finished Dominion game's story in pictures and a
player's numbers, at 390 px and 1366 px (screenshots in var/screenshots/stats-*.png, looked at): the charts
are drawn and visible, the page does not scroll sideways on a phone, every chart has its table of numbers for
screen readers, and axe-core finds no serious violation."""

from __future__ import annotations

from typing import Any

import pytest

from tests.stats.helpers import ended_tournament, finished_game

from .axe import assert_accessible
from .conftest import SCREENSHOTS, signed_in_tab

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

WIDTHS = {"390": {"width": 390, "height": 844}, "1366": {"width": 1366, "height": 900}}


def _open(browser: Any, live_server: Any, client: Any, user: Any, viewport: dict[str, int], path: str) -> Any:
    page = signed_in_tab(browser, live_server, client, user, viewport=viewport)
    response = page.goto(f"{live_server.url}{path}")
    assert response is not None and response.status == 200, path
    return page


def _shoot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def _assert_fits(page: Any, width: int) -> None:
    """Nothing wider than the window: the page does not scroll sideways."""
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= page.evaluate("window.innerWidth") == width, (scroll_width, width)


def _assert_charts_with_tables(page: Any, least: int) -> None:
    """At least `least` charts, each drawn (an SVG with a size on the screen: a 3-player grid of characters
    is about 80 px high on a phone) and followed by its table."""
    charts = page.locator("figure.story-chart, figure.stats-chart")
    assert charts.count() >= least
    for index in range(charts.count()):
        figure = charts.nth(index)
        svg = figure.locator("svg").first
        box = svg.bounding_box()
        assert svg.is_visible() and box is not None and box["width"] > 300 and box["height"] > 60, box
        assert svg.get_attribute("role") == "img" and svg.get_attribute("aria-labelledby")
        table = figure.locator("table")
        assert table.count() == 1 and table.locator("tbody tr").count() >= 1
        assert table.locator("th[scope=col]").count() >= 2


@pytest.mark.parametrize("kind, seed, least", [("citadels", 21, 2), ("dominion", 22, 2)])
def test_a_finished_games_story_at_a_phone_and_a_desktop_width(
    kind: str, seed: int, least: int, make_user: Any, browser: Any, live_server: Any, client: Any
) -> None:
    players = [make_user(name) for name in ("Anna", "Ben", "Cleo")]
    game = finished_game(players, kind, seed=seed)
    for name, viewport in WIDTHS.items():
        page = _open(browser, live_server, client, players[0], viewport, f"/games/{game.pk}/story")
        _shoot(page, f"stats-story-{kind}-{name}")
        _assert_charts_with_tables(page, least)
        _assert_fits(page, viewport["width"])
        assert_accessible(page, f"the {kind} story at {name} px")
        assert not page.js_errors, page.js_errors
        page.context.close()


def test_a_players_numbers_at_a_phone_and_a_desktop_width(
    make_user: Any, browser: Any, live_server: Any, client: Any
) -> None:
    anna, ben = make_user("Anna"), make_user("Ben")
    for seed in (31, 32):
        finished_game([anna, ben], "dominion", seed=seed)
    finished_game([anna, ben, make_user("Cleo")], "citadels", seed=33)
    for name, viewport in WIDTHS.items():
        page = _open(browser, live_server, client, ben, viewport, f"/players/{anna.pk}/numbers")
        assert page.locator("table").count() >= 2  # the numbers by game kind and player count, head-to-head
        assert page.locator("main").get_by_text("Ben").count() >= 1  # Anna's opponent in the head-to-head
        _assert_charts_with_tables(page, 1)  # the rating history, with its table
        _shoot(page, f"stats-numbers-{name}")
        _assert_fits(page, viewport["width"])
        assert_accessible(page, f"a player's numbers at {name} px")
        assert not page.js_errors, page.js_errors
        page.context.close()


def test_the_leaderboards_by_rating_and_by_tournament_wins(
    make_user: Any, browser: Any, live_server: Any, client: Any
) -> None:
    anna, ben, cleo = make_user("Anna"), make_user("Ben"), make_user("Cleo")
    for seed, players in ((51, [anna, ben]), (52, [anna, cleo]), (53, [ben, cleo])):
        ended_tournament(anna, players, "dominion", seed)
    for name, viewport in WIDTHS.items():
        page = _open(browser, live_server, client, cleo, viewport, "/leaderboards/dominion/")
        _shoot(page, f"stats-leaderboards-{name}")
        wins = page.locator("section[aria-labelledby=tournament-wins] table")
        assert wins.is_visible() and wins.locator("tbody tr").count() >= 1
        assert wins.locator("th[scope=col]").count() == 5
        _assert_fits(page, viewport["width"])
        assert_accessible(page, f"the leaderboards at {name} px")
        assert not page.js_errors, page.js_errors
        page.context.close()
