"""A league's season ends and the next begins exactly once when two workers advance it at the same moment
(the beat's way, skipping a locked row, and a waiting one), against PostgreSQL."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from django.db import connection

from tests.threads import race
from tournaments import services
from tournaments.models import League, LeagueEvent, Tournament
from tournaments.services import league as leagues

from .driver import entrants
from .test_league_seasons import _finish_games

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_two_workers_start_the_next_season_once(make_user: Any) -> None:
    assert connection.vendor == "postgresql", "row locks across threads need PostgreSQL (marked postgres)"
    players = entrants("easy", range(1, 9))
    league = services.create_league(make_user(), name="Race league", kind="citadels", players=players,
                                    group_size=4, seasons=3)
    _finish_games([p.pk for p in players])
    for tournament in Tournament.objects.filter(league=league, season=1):
        services.advance_tournament(tournament.pk, skip_locked=False)  # each group ends
    assert leagues.due_leagues() == [league.pk]
    results = race([
        partial(leagues.advance_league, league.pk, leagues.progress_league, skip_locked=True),
        partial(leagues.advance_league, league.pk, leagues.progress_league),
    ])
    assert not any(isinstance(result, Exception) for result in results), results
    done = [result for result in results if result]
    assert len(done) == 1 and done[0] == ["season 1 ended", "season 2 started"]
    league.refresh_from_db()
    assert league.current_season == 2 and league.status == League.Status.RUNNING
    assert LeagueEvent.objects.filter(league=league, type=leagues.SEASON_STARTED).count() == 2
    assert Tournament.objects.filter(league=league, season=2).count() == 2
    assert leagues.due_leagues() == []
