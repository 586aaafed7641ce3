"""The tournaments' source of the calendar feed, read as a calendar app reads it (parsed with `icalendar`):
sign-up's end of a tournament the player entered, then, once it runs, each of their games' maximum length
and a Swiss's next round at the latest; uids `tournament-...@<host>`; nothing for another player, nothing
once the player left or withdrew."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import icalendar
import pytest
import time_machine
from django.utils import timezone

from tests.calendars.conftest import feed_path
from tournaments import services
from tournaments.models import TournamentGame

pytestmark = pytest.mark.django_db


def tournament_events(answer: Any) -> dict[str, icalendar.Event]:
    assert answer.status_code == 200, answer.content
    events = icalendar.Calendar.from_ical(answer.content).walk("VEVENT")
    return {str(e["UID"]): e for e in events if str(e["UID"]).startswith("tournament-")}


def test_sign_up_then_game_lengths_and_the_next_round(make_user: Any, fetch: Any) -> None:
    players = [make_user(f"t{n}") for n in range(5)]
    start = timezone.now().replace(microsecond=0)
    with time_machine.travel(start, tick=False):
        tournament = services.create_tournament(
            make_user(), name="Calendar Swiss", kind="citadels", format="swiss", table_size=2, max_players=8,
            rounds=2, max_game_days=10, signup_until=start + timedelta(days=2),
        )
        for player in players:
            services.join(player, tournament.pk)
        services.leave(players[4], tournament.pk)
        mine = tournament_events(fetch(feed_path(players[0])))
        uid = f"tournament-{tournament.pk}-signup-player-{players[0].pk}@127.0.0.1"
        assert list(mine) == [uid]
        assert mine[uid].decoded("DTSTART") == start + timedelta(days=2)
        assert str(mine[uid]["SUMMARY"]) == "Sign-up closes: Calendar Swiss"
        assert str(mine[uid]["URL"]) == f"http://127.0.0.1:8000/tournaments/{tournament.pk}/"
        assert tournament_events(fetch(feed_path(players[4]))) == {}  # left again
    later = start + timedelta(days=3)
    with time_machine.travel(later, tick=False):
        services.advance_due(later)
        link = TournamentGame.objects.get(tournament=tournament, game__seats__user=players[0])
        mine = tournament_events(fetch(feed_path(players[0])))
        length = f"tournament-{tournament.pk}-game-{link.game_id}-length-player-{players[0].pk}@127.0.0.1"
        next_round = f"tournament-{tournament.pk}-round-2-player-{players[0].pk}@127.0.0.1"
        assert set(mine) == {length, next_round}
        assert mine[length].decoded("DTSTART") == later + timedelta(days=10)
        assert str(mine[length]["SUMMARY"]) == f"Game #{link.game_id} of Calendar Swiss: maximum length"
        assert mine[next_round].decoded("DTSTART") == later + timedelta(days=10)
        services.withdraw(players[0], tournament.pk)
        assert tournament_events(fetch(feed_path(players[0]))) == {}
