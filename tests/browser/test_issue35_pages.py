"""Issue 35's page points in real browsers, on a phone (390 px) and a desktop (1366 px): the settings page's
export button draws on the API's budget and says when to try again; the chat's form refuses a bidi override
as a display name does, on the chat's alert line; an export link opened signed out goes to the sign-in,
and another player signed in is told the link is not valid."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from rest_framework.test import APIClient

from accounts import export
from accounts.models import DataExport
from accounts.tasks import build_data_export
from chat.models import Message
from tests.games.helpers import started_game

from .axe import assert_accessible
from .test_chat import signed_in_tab

pytestmark = [pytest.mark.django_db(transaction=True)]
WIDTHS = [390, 1366]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_export_button_shares_the_apis_budget(browser: Any, live_server: Any, make_user: Any,
                                                  monkeypatch: Any, width: int) -> None:
    user = make_user("Ida")
    monkeypatch.setattr(build_data_export, "delay", lambda user_id: None)  # no worker: nothing is built
    api = APIClient()
    api.force_authenticate(user)
    assert [api.post("/api/me/export").status_code for _ in range(5)] == [202] * 5
    page = signed_in_tab(browser, live_server, user, width)
    page.goto(live_server.url + "/settings/")
    page.get_by_role("button", name="Export my data").click()
    expect(page.get_by_text("Too many attempts. Try again in")).to_be_visible()
    assert page.get_by_text("is being prepared").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert_accessible(page, "settings with the export refused")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_chat_form_refuses_a_bidi_override(browser: Any, live_server: Any, make_user: Any, width: int) -> None:
    ann, ben = make_user("Ann"), make_user("Ben")
    game = started_game([ann, ben])
    page = signed_in_tab(browser, live_server, ann, width)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.fill("#chat-text", "pay \u202eneB\u202c now")
    page.locator("#chat .chat-form button").click()
    expect(page.locator("#chat .chat-error")).to_have_text("The message contains characters that cannot be read.")
    assert Message.objects.count() == 0
    page.fill("#chat-text", "first line\nsecond line")
    page.locator("#chat .chat-form button").click()
    expect(page.locator("#chat .chat-messages li")).to_have_count(1)
    assert Message.objects.get().text == "first line\nsecond line"


@pytest.mark.parametrize("width", WIDTHS)
def test_an_export_link_is_its_owners_alone(browser: Any, live_server: Any, make_user: Any, width: int) -> None:
    owner, other = make_user("Ida"), make_user("Max")
    DataExport.objects.create(user=owner, content={"account": {"email": owner.email}})
    path = export.export_link(owner).split("://", 1)[1].split("/", 1)[1]
    stranger = signed_in_tab(browser, live_server, other, width)
    answer = stranger.goto(f"{live_server.url}/{path}")
    assert answer is not None and answer.status == 404
    expect(stranger.get_by_text("This link is not valid.")).to_be_visible()
    assert owner.email not in stranger.content()
    assert_accessible(stranger, "an export link of another player")
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-US")
    signed_out = context.new_page()
    signed_out.goto(f"{live_server.url}/{path}")
    assert "/accounts/login/" in signed_out.url
    expect(signed_out.get_by_label("Password")).to_be_visible()
