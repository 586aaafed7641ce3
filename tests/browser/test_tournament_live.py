"""The tournament page follows a round start over its live stream (no reload)."""

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from tournaments import services

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

def test_the_page_follows_the_round_start_live(make_user: Any, page_for: Any, live_server: Any) -> None:
    start = timezone.now()
    t = services.create_tournament(make_user(), name="Live", kind="citadels", format="swiss", table_size=2,
                                   max_players=8, rounds=1, signup_until=start + timedelta(days=1))
    ps = [make_user(f"L{n}") for n in range(2)]
    for p in ps:
        services.join(p, t.pk)
    page = page_for(ps[0])
    page.goto(f"{live_server.url}/tournaments/{t.pk}/")
    assert page.locator("#tournament").get_attribute("data-live-url")
    page.wait_for_timeout(500)
    services.advance_due(now=start + timedelta(days=1, minutes=1))
    page.locator("table.round").first.wait_for(timeout=15000)
    page.get_by_text("The tournament is updated.").wait_for(state="attached")
