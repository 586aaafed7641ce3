"""A time bank game's pace: in words in its waiting room (German and English), and in the lobby's and the
API's pace filters by its bank's hours."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games import services
from games.pages import pace
from games.services.lifecycle import clean_time_control

pytestmark = pytest.mark.django_db

BANK = {"mode": "bank", "initial_hours": 72, "increment_hours": 24, "max_bank_hours": 168, "double_after_hours": 48,
        "reminder_percent": 20, "timeout_policy": "bot"}


def test_a_bank_games_pace_in_words() -> None:
    with translation.override("en"):
        assert pace(BANK) == (
            "Pace: time bank: 72 hours, 24 more after each decision, at most 168, time past 48 hours on one decision "
            "counts double, a reminder when 20% of the time is left; when a deadline passes, a bot plays a sensible "
            "move.")
        plain = clean_time_control({"mode": "bank", "reminder_percent": 0})
        assert pace(plain).startswith("Pace: time bank: 72 hours, 24 more after each decision, at most 168, no reminder;")
    with translation.override("de"):
        assert pace(BANK).startswith(
            "Tempo: Zeitkonto: 72 Stunden, 24 mehr nach jeder Entscheidung, höchstens 168, Zeit über 48 Stunden für "
            "eine Entscheidung zählt doppelt, eine Erinnerung, wenn noch 20 % der Zeit übrig sind;")


def test_a_time_per_decision_with_a_reminder_share_says_it() -> None:
    with translation.override("en"):
        assert pace(clean_time_control({"decision_hours": 10, "reminder_percent": 30})).startswith(
            "Pace: 10 hours for each decision, a reminder when 30% of the time is left;")


def test_the_waiting_room_of_a_bank_game_tells_its_pace(client: Any, make_user: Any) -> None:
    host = make_user(language="en")
    game = services.create_game(host, players=3, time_control={"mode": "bank", "initial_hours": 48})
    client.force_login(host)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Pace: time bank: 48 hours, 24 more after each decision, at most 168" in page
    assert "0 hours for each decision" not in page


def test_bank_games_match_the_pace_filters_by_their_hours_at_the_start(make_user: Any, api_client: Any) -> None:
    from games import selectors

    host = make_user()
    controls = {
        "fast_bank": {"mode": "bank", "initial_hours": 24, "increment_hours": 2},
        "normal_bank": {"mode": "bank", "initial_hours": 72, "increment_hours": 24},
        "slow_bank": {"mode": "bank", "initial_hours": 720, "increment_hours": 72},
        "fast_move": {"decision_hours": 12},
        "normal_move": {"decision_hours": 48},
        "slow_move": {"decision_hours": 96},
    }
    games = {name: services.create_game(host, players=3, time_control=control).pk for name, control in controls.items()}
    guest = make_user()
    for pace_name in selectors.PACES:
        wanted = {games[name] for name in controls if name.startswith(pace_name)}
        assert {g.pk for g in services.list_games(guest, pace=pace_name)} == wanted, pace_name
        assert {g.pk for g in selectors.open_games_for(guest, pace=pace_name)} == wanted, pace_name
        listed = api_client(guest).get(f"/api/games/?status=open&pace={pace_name}").json()["results"]
        assert {g["id"] for g in listed} == wanted, pace_name
    assert selectors.pace_hours(services.clean_time_control(controls["normal_bank"])) == 72
    assert selectors.pace_hours({"decision_hours": True}) is None
