"""Unverified accounts nobody used for ACCOUNTS_UNVERIFIED_DAYS are removed by a daily task; confirmed,
recently used or playing ones stay."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from accounts.models import User
from accounts.tasks import remove_inactive_unverified
from games import services
from games.models import Game, Seat
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def _user(email: str, *, days_ago: int, verified: bool = False, login_days_ago: int | None = None) -> User:
    now = timezone.now()
    return User.objects.create_user(
        email=email, password="a-long-secret-pw-1", display_name=email.split("@")[0],
        date_joined=now - timedelta(days=days_ago), email_verified_at=now if verified else None,
        last_login=now - timedelta(days=login_days_ago) if login_days_ago is not None else None,
    )


def test_unused_unverified_accounts_are_removed(settings: Any) -> None:
    settings.ACCOUNTS_UNVERIFIED_DAYS = 30
    stale = _user("stale@example.org", days_ago=31)
    fresh = _user("fresh@example.org", days_ago=5)
    confirmed = _user("confirmed@example.org", days_ago=300, verified=True)
    signed_in = _user("signedin@example.org", days_ago=60, login_days_ago=2)
    stale_host = _user("stalehost@example.org", days_ago=90)
    player = _user("player@example.org", days_ago=90)
    mate = _user("mate@example.org", days_ago=1, verified=True)
    open_game = services.create_game(stale_host, "citadels", 3)
    Seat.objects.filter(user=stale_host).update(joined_at=timezone.now() - timedelta(days=80))
    game = started_game([mate, player])  # player took a seat just now: active
    assert remove_inactive_unverified() == 2
    assert not User.objects.filter(pk=stale.pk).exists()
    shell = User.objects.get(pk=stale_host.pk)  # a game names it: emptied, not deleted
    assert shell.deleted_at is not None and "stalehost" not in shell.email + shell.display_name
    assert Game.objects.get(pk=open_game.pk).status == Game.Status.ABANDONED
    assert set(User.objects.filter(deleted_at__isnull=True).values_list("pk", flat=True)) == {
        fresh.pk, confirmed.pk, signed_in.pk, player.pk, mate.pk}
    assert Seat.objects.filter(game=game, user=player).exists()


def test_the_cleanup_is_in_the_beat_schedule() -> None:
    tasks = {entry["task"] for entry in django_settings.CELERY_BEAT_SCHEDULE.values()}
    assert "accounts.remove_inactive_unverified" in tasks
