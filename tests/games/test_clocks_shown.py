"""The clocks shown: the API's game and list, the table page (text a screen reader reads), the lobby's "your
move" sorted by the time left across all games, and the turn and reminder mails."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games.deadlines import reminders, shown, sweep
from games.models import Game
from notifications.models import Outbox
from notifications.rendering import render

from .helpers import seat_users, started_game

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
BANK = {"mode": "bank", "initial_hours": 50, "increment_hours": 24, "max_bank_hours": 168}

pytestmark = pytest.mark.django_db


def _game(users: list[Any], control: dict[str, Any]) -> Game:
    with time_machine.travel(T0, tick=False):
        return started_game(users, time_control=control)


def test_duration_words() -> None:
    assert shown.duration_words(2 * 86400 + 5 * 3600 + 120) == "2 days 5 hours"
    assert shown.duration_words(3 * 3600 + 20 * 60) == "3 hours 20 minutes"
    assert shown.duration_words(86400) == "1 day"
    assert shown.duration_words(30) == "less than a minute"


def test_the_api_list_shows_each_seats_bank_and_the_running_deadline(make_user: Any, api_client: Any) -> None:
    users = [make_user(f"a{i}") for i in range(3)]
    game = _game(users, BANK)
    awaited = game.awaiting[0]
    with time_machine.travel(T0 + 10 * HOUR, tick=False):
        listed = api_client(users[0]).get("/api/games/?mine=1").json()["results"]
    clocks = {c["seat"]: c for c in next(g for g in listed if g["id"] == game.pk)["clocks"]}
    assert sorted(clocks) == [0, 1, 2]
    running = clocks[awaited]
    assert running["running"] and running["seconds_left"] == 40 * 3600 and running["bank_seconds"] == 40 * 3600
    assert running["deadline_at"].startswith("2026-03-04T11:00")
    idle = clocks[(awaited + 1) % 3]
    assert not idle["running"] and idle["deadline_at"] is None and idle["bank_seconds"] == 50 * 3600


def test_a_time_per_decision_shows_the_awaited_seats_deadline(make_user: Any, api_client: Any) -> None:
    users = [make_user(f"m{i}") for i in range(2)]
    game = _game(users, {"decision_hours": 24})
    with time_machine.travel(T0 + HOUR, tick=False):
        listed = api_client(users[0]).get("/api/games/?mine=1").json()["results"]
    clocks = next(g for g in listed if g["id"] == game.pk)["clocks"]
    assert [c["seat"] for c in clocks if c["running"]] == game.awaiting
    assert all(c["bank_seconds"] is None for c in clocks)
    assert next(c for c in clocks if c["running"])["seconds_left"] == 23 * 3600


def test_the_table_says_each_seats_time_left_in_words(make_user: Any, client: Any) -> None:
    users = [make_user(f"t{i}") for i in range(3)]
    game = _game(users, BANK)
    awaited_name = seat_users(game)[game.awaiting[0]].public_name
    client.force_login(users[0])
    with time_machine.travel(T0 + 2 * HOUR, tick=False):
        page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="clocks"' in page
    assert f"{awaited_name}: 2 days left in the bank" in page  # 48 hours
    assert "2 days 2 hours in the bank" in page  # the others' 50 hours


def test_the_lobby_sorts_your_move_by_your_time_left_across_all_games(make_user: Any, client: Any) -> None:
    me = make_user("me")
    games = {}
    for hours in (100, 30, 60):
        other = make_user(f"o{hours}")
        with time_machine.travel(T0, tick=False):
            game = started_game([me, other], time_control={"mode": "bank", "initial_hours": hours})
        games[hours] = game
    mine = [g for g in games.values() if seat_users(g)[g.awaiting[0]] == me]
    client.force_login(me)
    with time_machine.travel(T0 + HOUR, tick=False):
        response = client.get("/")
    waiting = response.context["waiting"]
    assert [g.pk for g in waiting] == [g.pk for g in sorted(mine, key=lambda g: g.deadline_at)]
    assert all(g.my_clock_words for g in waiting)
    assert len(response.context["waiting"]) + len(response.context["playing"]) == 3


def test_the_turn_and_reminder_mails_tell_the_time_left(make_user: Any) -> None:
    users = [make_user(f"e{i}", email_verified_at=T0) for i in range(3)]
    game = _game(users, {**BANK, "reminder_percent": 20})
    reader = seat_users(game)[game.awaiting[0]]
    with time_machine.travel(T0 + 40 * HOUR, tick=False):
        assert reminders.send_due_reminders(now=T0 + 40 * HOUR) == 1
        reminder = render(Outbox.objects.get(game=game, kind="reminder", user=reader))
    assert "10 hours left in the bank." in reminder.text
    turn_row = Outbox.objects.filter(game=game, kind="turn", user=reader).first()
    assert turn_row is not None
    with time_machine.travel(T0 + HOUR, tick=False):
        turn = render(turn_row)
    assert "2 days 1 hour left in the bank." in turn.text


def test_the_timeout_mail_says_the_bank_ran_out_and_what_it_holds_now(make_user: Any) -> None:
    users = [make_user(f"t{i}", email_verified_at=T0) for i in range(3)]
    game = _game(users, {**BANK, "reminder_percent": 0})
    reader = seat_users(game)[game.awaiting[0]]
    late = T0 + 50 * HOUR + timedelta(minutes=1)
    with time_machine.travel(late, tick=False):
        assert sweep.enforce_due_deadlines(now=late).enforced == 1
        letter = render(Outbox.objects.get(game=game, kind="timeout", user=reader))
    assert f"your time bank in Citadels #{game.pk} ran out" in letter.text
    assert "1 day in the bank." in letter.text  # empty, then the increment of 24 hours


def test_the_clocks_speak_german() -> None:
    from django.utils import translation

    with translation.override("de"):
        assert shown.duration_words(2 * 86400 + 3600) == "2 Tage 1 Stunde"
        clock = shown.SeatClock(0, True, T0, 3 * 3600, 3 * 3600)
        assert shown.clock_words(clock) == "noch 3 Stunden im Zeitkonto"
