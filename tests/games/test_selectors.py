"""The lobby's selectors: the user's games with their seats taken and the user's seat, and the open games
the user may join."""

from __future__ import annotations

from typing import Any

import pytest

from games import selectors, services
from games.models import Seat

pytestmark = pytest.mark.django_db


def test_games_of_a_user_name_their_seat_and_the_seats_taken(make_user: Any) -> None:
    host, guest, stranger = make_user(), make_user(), make_user()
    waiting_room = services.create_game(host, "citadels", 3)
    started = services.create_game(host, "citadels", 2)
    services.join_game(guest, waiting_room.pk)
    services.join_game(guest, started.pk)
    services.start_game(host, started.pk)
    services.create_game(stranger, "citadels", 2)
    started.refresh_from_db()

    mine = list(selectors.games_of(guest))
    assert [g.pk for g in mine] == [started.pk, waiting_room.pk]  # the most recently changed first
    assert [(g.seated, g.my_seat) for g in mine] == [
        (2, Seat.objects.get(game=started, user=guest).index), (2, None)]
    assert Seat.objects.get(game=started, user=guest).index is not None


def test_open_games_are_listed_open_not_full_and_not_joined(make_user: Any) -> None:
    host, viewer, other = make_user(), make_user(), make_user()
    joinable = services.create_game(host, "citadels", 3)
    services.join_game(other, joinable.pk)
    full = services.create_game(host, "citadels", 2)
    services.join_game(other, full.pk)
    joined = services.create_game(host, "citadels", 3)
    services.join_game(viewer, joined.pk)
    services.create_game(host, "citadels", 3, listed=False)
    newer = services.create_game(other, "dominion", 2)

    found = list(selectors.open_games_for(viewer))
    assert [g.pk for g in found] == [newer.pk, joinable.pk]
    assert [g.seated for g in found] == [1, 2]
    assert found[1].created_by == host
