"""Issue 35 in a real browser: a player's name on the table and in the "Waiting for" line opens their profile,
at 390 px and at 1366 px; a deleted player's name is plain text."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.deletion import erase_account
from tests.games.helpers import seat_users, started_game

from .axe import assert_accessible

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1366, "height": 900}], ids=["390", "1366"])
def test_a_name_on_the_table_opens_the_profile(page_for: Any, live_server: Any, make_user: Any,
                                               viewport: dict[str, int]) -> None:
    users = [make_user(name) for name in ("Anna", "Ben", "Cleo", "Dora")]
    game = started_game(users)
    seats = seat_users(game)
    awaited = seats[game.awaiting[0]]
    gone = next(u for u in users[1:] if u != awaited)
    erase_account(gone)
    page = page_for(users[0])
    page.set_viewport_size(viewport)
    url = f"{live_server.url}/games/{game.pk}/"
    page.goto(url)
    assert page.locator(f"article.player a[href='/players/{gone.pk}/']").count() == 0
    assert page.locator(f"a[href='/players/{gone.pk}/']").count() == 0
    other = next(u for u in users[1:] if u != gone)
    page.locator("article.player h3").get_by_role("link", name=other.display_name, exact=True).click()
    page.get_by_role("heading", level=1, name=other.display_name).wait_for()
    assert_accessible(page, "a profile reached from the table")
    page.goto(url)
    page.locator("p.awaited").get_by_role("link", name=awaited.display_name).click()
    page.get_by_role("heading", level=1, name=awaited.display_name).wait_for()
    assert not page.js_errors, page.js_errors
