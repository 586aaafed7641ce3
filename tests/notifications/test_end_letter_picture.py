"""The game-ended mail shows the story's main chart as an image (a signed PNG address, stats.png) and, for
readers who load no images and for the plain text, the same numbers as a section."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.utils import timezone

from notifications import rendering
from notifications.models import Kind, Outbox
from tests.stats.helpers import finished_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", ["citadels", "dominion"])
def test_the_ended_mail_carries_the_chart_and_its_numbers(make_user: Any, kind: str) -> None:
    users = [make_user(f"P{n}", email_verified_at=timezone.now()) for n in range(2)]
    game = finished_game(users, kind, seed=3)
    row = Outbox.objects.filter(game=game, kind=Kind.ENDED, user=users[0]).first()
    assert row is not None
    mail = rendering.render(row)
    src = mail.html.split('<img src="', 1)[1].split('"', 1)[0]
    assert f"/games/{game.pk}/story.png" in src
    # The address works without a session (a mail client has none), and is a PNG.
    address = urlsplit(src.replace("&amp;", "&"))
    answer = Client().get(f"{address.path}?{address.query}")
    assert answer.status_code == 200 and answer.content.startswith(b"\x89PNG")
    # The chart's numbers as text: one line per player in the plain part too.
    assert all(f"{user.display_name}" in mail.text for user in users)
    assert "Score by round" in mail.text or "Victory points by turn" in mail.text
