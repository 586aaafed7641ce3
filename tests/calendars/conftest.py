"""Fixtures of the calendar feed tests: players in a running game, their feeds and a client that fetches a
feed as a calendar app does (no session, no cookie)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client

from calendars import services
from calendars.sources import Deadline, deadline_sources
from games.models import Game
from tests.games.helpers import seat_users, started_game


@pytest.fixture
def game_of_three(make_user: Callable[..., Any]) -> Game:
    """A running Citadels game of three players with a deadline (72 hours a decision, a reminder 24 before)."""
    users = [make_user(f"p{n}") for n in range(3)]
    return started_game(users, time_control={"decision_hours": 72, "reminder_hours": 24})


@pytest.fixture
def awaited_and_not(game_of_three: Game) -> tuple[Any, Any]:
    """(a player the game awaits now, a player it does not)."""
    users = seat_users(game_of_three)
    awaited = users[game_of_three.awaiting[0]]
    others = [user for seat, user in users.items() if seat not in game_of_three.awaiting]
    return awaited, others[0]


def feed_path(user: Any) -> str:
    """The path of the player's feed (made if they have none)."""
    found = services.feed_of(user) or services.renew(user)
    return "/" + services.feed_url(found).split("://", 1)[1].split("/", 1)[1]


@pytest.fixture
def fetch() -> Callable[..., Any]:
    """GET a path as a calendar app does: no session, no CSRF, no cookie."""
    client = Client()

    def get(path: str, **headers: str) -> Any:
        client.cookies.clear()
        return client.get(path, headers=headers)

    return get


@pytest.fixture
def extra_source() -> Iterator[list[Deadline]]:
    """A deadline source of the test's own (as another app registers one): the deadlines put in the list."""
    listed: list[Deadline] = []
    deadline_sources.register(lambda user: list(listed), name="test")
    yield listed
    deadline_sources.remove("test")
