"""In a game of time banks each awaited seat has a deadline of its own (its bank's `until`): each player's
feed shows theirs, with the alarm at the bank's reminder (20 % of the time the decision had left)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import icalendar
import pytest
import time_machine

from games.models import Game
from tests.calendars.conftest import feed_path
from tests.games.helpers import seat_users, started_game

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
BANK = {"mode": "bank", "initial_hours": 50, "increment_hours": 24, "max_bank_hours": 168}

pytestmark = pytest.mark.django_db


def test_each_player_sees_their_own_banks_deadline(make_user: Any, fetch: Any) -> None:
    users = [make_user(f"b{n}") for n in range(3)]
    with time_machine.travel(T0, tick=False):
        game = started_game(users, time_control=BANK)
    seats = seat_users(game)
    first, second = 0, 1
    untils = {first: T0 + timedelta(hours=10), second: T0 + timedelta(hours=40)}
    # Two seats asked at once (a decision of several seats), their banks running since T0.
    Game.objects.filter(pk=game.pk).update(
        awaiting=[first, second], deadline_at=untils[first],
        clock_banks={
            **{str(seat): {"left": 50 * 3600.0, "since": T0.isoformat(), "until": until.isoformat()}
               for seat, until in untils.items()},
            "2": {"left": 50 * 3600.0, "since": None, "until": None},
        },
    )
    with time_machine.travel(T0 + timedelta(hours=1), tick=False):
        for seat, until in untils.items():
            [event] = icalendar.Calendar.from_ical(fetch(feed_path(seats[seat])).content).walk("VEVENT")
            assert event.decoded("DTSTART") == until
            [alarm] = event.walk("VALARM")
            assert alarm.decoded("TRIGGER") == -(until - T0) * 0.2
        assert icalendar.Calendar.from_ical(fetch(feed_path(seats[2])).content).walk("VEVENT") == []
