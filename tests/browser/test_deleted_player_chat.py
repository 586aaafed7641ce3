"""A deleted player's chat lines in a real browser, on a phone (390 px) and a desktop (1366 px): the lines
stay in their place under "Former player N" and say "message removed", their text is gone, there is no
button to mute nobody, the conversation around them reads as before, nothing scrolls sideways; axe-core
finds nothing serious."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from accounts import deletion
from accounts.models import User
from chat import services as chat
from tests.games.helpers import started_game

from .axe import assert_accessible
from .test_chat import signed_in_tab

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
SECRET = "meet me at the old mill"


@pytest.mark.parametrize("width", [390, 1366])
def test_removed_lines_keep_their_place(browser: Any, live_server: Any, make_user: Any, width: int) -> None:
    ann, zeb, ben = make_user("Ann"), make_user("Zebulon"), make_user("Ben")
    game = started_game([ann, zeb, ben])
    chat.post(ann, game.pk, "Hello all")
    chat.post(zeb, game.pk, SECRET)
    chat.post(ben, game.pk, "See you there")
    deletion.erase_account(User.objects.get(pk=zeb.pk))

    page = signed_in_tab(browser, live_server, ann, width)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    lines = page.locator("#chat li")
    expect(lines).to_have_count(3)
    lines.nth(1).scroll_into_view_if_needed()
    expect(lines.nth(1)).to_be_visible()
    expect(lines.nth(1).locator(".chat-author")).to_have_text(f"Former player {zeb.pk}")
    expect(lines.nth(1).locator(".chat-removed")).to_have_text("message removed")
    expect(lines.nth(1).locator("button")).to_have_count(0)  # nobody to mute
    expect(lines.nth(0)).to_contain_text("Hello all")
    expect(lines.nth(2)).to_contain_text("See you there")
    assert SECRET not in page.content() and "Zebulon" not in page.content()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px at {width}px"
    assert_accessible(page, f"a table with a removed chat line at {width}px")
    assert page.js_errors == []
    page.context.close()
