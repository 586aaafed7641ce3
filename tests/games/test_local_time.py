"""Every time a reader sees names its zone: the player's own, or UTC for a guest and a player without one
(`accounts.local.format_time`, the one helper of pages and emails)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone, translation
from rest_framework.authtoken.models import Token

from accounts.local import format_time
from games.models import Absence, Game
from tests.games.helpers import seat_users, started_game

pytestmark = pytest.mark.django_db

NEW_YEAR = datetime(2026, 12, 31, 17, 0, tzinfo=UTC)


def test_a_time_names_its_zone_for_players_and_guests(make_user: Any) -> None:
    assert format_time(NEW_YEAR, make_user(language="de", time_zone="Europe/Berlin")) == "31.12.2026 18:00 (CET)"
    assert format_time(NEW_YEAR, make_user(language="en", time_zone="")) == "2026-12-31 17:00 (UTC)"
    with translation.override("de"):
        assert format_time(NEW_YEAR) == "31.12.2026 17:00 (UTC)"  # a guest: the page's language, UTC


def _deadline(page: str) -> str:
    found = re.search(r'<p class="deadline">(.*?)</p>', page)
    assert found, page
    return found.group(1)


def test_the_game_pages_deadline_names_the_zone(client: Any, make_user: Any) -> None:
    berlin = make_user(time_zone="Europe/Berlin", language="en")
    game = started_game([berlin, make_user(), make_user()])
    assert game.status == Game.Status.ACTIVE and game.deadline_at
    guest = _deadline(client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert f"Deadline: {format_time(game.deadline_at)}, " in guest and "(UTC)" in guest
    client.force_login(berlin)
    seated = _deadline(client.get(f"/games/{game.pk}/").content.decode())
    assert f"Deadline: {format_time(game.deadline_at, berlin)}, " in seated and re.search(r"\(CES?T\)", seated)


def test_a_vacation_and_a_token_name_the_zone(client: Any, make_user: Any) -> None:
    game = started_game([make_user(), make_user(), make_user()])
    away = seat_users(game)[game.awaiting[0]]
    ends = timezone.now() + timedelta(days=3)
    Absence.objects.create(user=away, starts_at=timezone.now() - timedelta(hours=1), ends_at=ends)
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"on vacation until {format_time(ends)}." in page
    Token.objects.create(user=away)
    client.force_login(away)
    assert f"created {format_time(Token.objects.get(user=away).created, away)}" in client.get("/settings/").content.decode()
