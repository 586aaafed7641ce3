"""Sign-up takes the browser's time zone (issue 20): the list is filled in from the browser, Europe/Berlin
only as the fallback; the list is grouped by region with each zone's offset now."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from accounts.models import User
from accounts.time_zones import filter_attrs

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


def test_the_settings_zone_list_is_filtered_by_what_is_typed(page_for: Any, live_server: Any, make_user: Any) -> None:
    user = make_user("Zora", time_zone="UTC")
    page = page_for(user)
    page.goto(f"{live_server.url}/settings/")
    select = page.locator("select[name=time_zone]")
    assert select.locator("optgroup").count() > 5  # grouped by region
    assert select.locator("option[value='Europe/Berlin']").inner_text().startswith("Berlin (UTC+0")
    box = page.get_by_label("Search the list")
    box.fill("tokyo")
    assert select.input_value() == "Asia/Tokyo"  # the chosen zone was filtered out: the first match instead
    assert page.locator("[role=status]", has_text="Zones found: 1").count() == 1
    assert select.locator("optgroup:not([hidden])").count() == 1
    box.fill("utc+05:30")  # an offset finds the zones that have it now
    assert select.locator("option:not([hidden])", has_text="Kolkata").count() == 1
    assert select.locator("option[value='Asia/Tokyo']").get_attribute("hidden") is not None
    box.fill("")
    assert select.locator("option[hidden]").count() == 0
    box.fill("berlin")
    assert_accessible(page, "the settings with a filtered time-zone list")
    page.locator("section[aria-labelledby=profile-title] button[type=submit]").click()
    page.wait_for_load_state()
    user.refresh_from_db()
    assert user.time_zone == "Europe/Berlin"
    assert not page.js_errors, page.js_errors


def test_without_javascript_the_zone_list_is_a_plain_grouped_select(client: Any, make_user: Any) -> None:
    user = make_user("Zeno", time_zone="Asia/Tokyo")
    client.force_login(user)
    page = client.get("/settings/").content.decode()
    assert 'data-zone-filter="1"' in page and '<optgroup label="Europe">' in page
    assert '<option value="Asia/Tokyo" selected>Tokyo (UTC+09:00)</option>' in page
    saved = client.post("/settings/", {"part": "profile", "display_name": "Zeno", "language": "en",
                                       "time_zone": "America/New_York"})
    assert saved.status_code in (200, 302)
    user.refresh_from_db()
    assert user.time_zone == "America/New_York"
    with translation.override("de"):
        assert "Liste durchsuchen" in str(filter_attrs()["data-filter-label"])
