"""A seat taken over is told in the paged history (issue 20's story): on the line of the event after which
the new player plays, in the reader's language, and not in a replay before it."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from games import services
from games.models import Seat, SeatTakeover
from tests.games.story_helpers import lines_of
from tests.games.test_takeover import neglected_game

pytestmark = pytest.mark.django_db


def test_a_takeover_is_told_on_its_line_of_the_history(client: Any, make_user: Any) -> None:
    users = [make_user(n, email_verified_at=timezone.now()) for n in ("ann", "bob", "cid")]
    game, seat = neglected_game(users)
    newcomer = make_user("Bea", email_verified_at=timezone.now(), language="de")
    previous = Seat.objects.get(game=game, index=seat).user
    services.take_over_seat(newcomer, game.pk, seat)
    takeover = SeatTakeover.objects.get(game=game)
    client.force_login(newcomer)
    told = f"Bea hat ab hier den Platz von {previous.display_name} übernommen."
    lines = lines_of(client.get(f"/games/{game.pk}/").content.decode())
    assert [first <= takeover.version <= last for first, last, text in lines if told in text] == [True]
    before = client.get(f"/games/{game.pk}/?at={takeover.version - 1}").content.decode()
    assert told not in before
