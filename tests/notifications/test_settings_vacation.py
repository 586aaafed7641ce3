"""The vacation form of /settings/: refusals a player can read (German), never a 500."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Absence

pytestmark = pytest.mark.django_db


def test_a_day_too_far_ahead_is_a_form_error_not_a_500(make_user: Any, client: Any) -> None:
    user = make_user(language="de")
    client.force_login(user)
    answer = client.post("/settings/", {"part": "vacation", "starts_on": "9999-12-30", "ends_on": "9999-12-31"})
    assert answer.status_code == 400
    assert "Dieser Tag liegt zu weit in der Zukunft." in answer.content.decode()
    assert not Absence.objects.filter(user=user).exists()


def test_a_vacation_beyond_the_allowance_is_refused_in_german(make_user: Any, client: Any, settings: Any) -> None:
    settings.GAMES_ABSENCE_DAYS_PER_YEAR = 2
    user = make_user(language="de")
    client.force_login(user)
    first = timezone.localdate() + timedelta(days=1)
    answer = client.post("/settings/", {"part": "vacation", "starts_on": first.isoformat(),
                                        "ends_on": (first + timedelta(days=4)).isoformat()})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert f"Du hast {first.year} noch 2 von 2 Urlaubstagen." in page
    assert not Absence.objects.filter(user=user).exists()
