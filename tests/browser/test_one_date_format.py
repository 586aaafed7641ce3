"""Issue 35 in a real browser: the lobby and the game page write a deadline the same way, in the reader's
language and time zone, at 390 px and at 1366 px."""

from __future__ import annotations

import re
from typing import Any

import pytest

from accounts.local import format_time
from tests.games.helpers import seat_users, started_game

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

CASES = [("de", "Asia/Tokyo", {"width": 390, "height": 844}, r"Frist: \d\d\.\d\d\.\d{4} \d\d:\d\d \(JST\), noch "),
         ("en", "America/New_York", {"width": 1366, "height": 900}, r"Deadline: \d{4}-\d\d-\d\d \d\d:\d\d \(E[SD]T\), ")]


@pytest.mark.parametrize(("language", "zone", "viewport", "written"), CASES, ids=["de-390", "en-1366"])
def test_the_lobby_and_the_game_page_write_a_deadline_alike(page_for: Any, live_server: Any, make_user: Any,
                                                          language: str, zone: str, viewport: dict[str, int],
                                                          written: str) -> None:
    users = [make_user(language=language, time_zone=zone) for _ in range(3)]
    game = started_game(users)
    reader = seat_users(game)[game.awaiting[0]]
    page = page_for(reader)
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/")
    lobby = page.locator("span.deadline").first.inner_text()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    table = page.locator("p.deadline").inner_text()
    assert re.match(written, table), table
    assert lobby == table and format_time(game.deadline_at, reader) in table, (lobby, table)
    assert not page.js_errors, page.js_errors
