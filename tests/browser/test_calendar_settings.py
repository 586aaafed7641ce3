"""The calendar feed's part of the settings page in Chromium: make a link, copy it (the clipboard holds the
address), fetch the feed from it as a calendar app would (no cookie), revoke it and make a new one (the old
address answers 404 at once), turn it off. axe-core checks the page with and without a link."""

from __future__ import annotations

from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlparse
from urllib.request import urlopen

import pytest

from .axe import assert_accessible

pytestmark = pytest.mark.django_db(transaction=True)


def _status(url: str) -> int:
    try:
        with urlopen(url, timeout=10) as answer:  # noqa: S310 (the test's own live server)
            return int(answer.status)
    except HTTPError as error:
        return error.code


def _feed_at(live_server: Any, page: Any) -> str:
    """The shown link's address on the live server (the link names SITE_URL's host)."""
    return live_server.url + urlparse(page.get_by_label("Your calendar link:").input_value()).path


def test_make_copy_revoke_and_end_the_calendar_link(page_for: Any, live_server: Any, make_user: Any) -> None:
    page = page_for(make_user("Kalle"))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.goto(live_server.url + "/settings/")
    page.get_by_role("heading", name="Calendar").wait_for()
    assert_accessible(page, "settings without a calendar link")
    page.get_by_role("button", name="Make a calendar link").click()
    page.get_by_text("Your calendar link is ready").wait_for()
    first = _feed_at(live_server, page)
    assert first.endswith("/deadlines.ics") and _status(first) == 200
    page.get_by_role("button", name="Copy the link").click()
    page.get_by_role("button", name="Copied.").wait_for()
    assert urlparse(page.evaluate("navigator.clipboard.readText()")).path == urlparse(first).path
    assert_accessible(page, "settings with a calendar link")
    page.get_by_role("button", name="Revoke and make a new link").click()
    page.get_by_text("the old one no longer works").wait_for()
    second = _feed_at(live_server, page)
    assert second != first and _status(first) == 404 and _status(second) == 200
    page.get_by_role("button", name="Turn the link off").click()
    page.get_by_text("The calendar link is turned off.").wait_for()
    assert _status(second) == 404
    page.get_by_role("button", name="Make a calendar link").wait_for()
    assert not page.js_errors  # type: ignore[attr-defined]
