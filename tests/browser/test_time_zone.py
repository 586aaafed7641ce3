"""Sign-up takes the browser's time zone (issue 20): the list is filled in from the browser, Europe/Berlin
only as the fallback; the list is grouped by region with each zone's offset now."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User

from .axe import assert_accessible

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("zone", ["America/New_York", "Asia/Tokyo"])
def test_sign_up_takes_the_browsers_time_zone(browser: Any, live_server: Any, zone: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", timezone_id=zone)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/register/")
    select = page.locator("select[name=time_zone]")
    assert select.input_value() == zone
    city = zone.split("/")[1].replace("_", " ")
    label = select.locator(f"option[value='{zone}']").inner_text()
    assert label.startswith(f"{city} (UTC") and select.locator(f"optgroup[label='{zone.split('/')[0]}']").count() == 1
    assert_accessible(page, "the sign-up form")
    page.fill("input[name=email]", "tz@example.org")
    page.fill("input[name=display_name]", "Zoe")
    page.fill("input[name=password]", "a-long-secret-pw-1")
    page.locator("form button[type=submit].primary").click()
    page.wait_for_load_state()
    assert User.objects.get(email="tz@example.org").time_zone == zone


def test_without_the_browsers_zone_berlin_is_the_fallback(client: Any) -> None:
    page = client.get("/accounts/register/").content.decode()
    assert '<option value="Europe/Berlin" selected>Berlin (UTC+0' in page
