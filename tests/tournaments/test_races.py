"""Exactly once under races, against PostgreSQL: two workers advancing one tournament at the same moment
(the beat task and a task after a game's end), and two writers with the same expected version."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from django.db import connection

from core.errors import ServiceError
from tests.threads import race
from tournaments import services, standings
from tournaments.models import Tournament, TournamentEvent, TournamentGame
from tournaments.services.rounds import progress

from .driver import entrants

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.postgres]


def full_tournament(make_user: Any) -> Tournament:
    tournament = services.create_tournament(
        make_user(), name="Race", kind="citadels", format="swiss", table_size=4, rounds=2, max_players=8,
    )
    for player in entrants("easy", range(1, 9)):
        services.join(player, tournament.pk)
    return tournament


def test_two_workers_start_a_due_tournament_once(make_user: Any) -> None:
    assert connection.vendor == "postgresql", "row locks across threads need PostgreSQL (marked postgres)"
    tournament = full_tournament(make_user)
    # Waiting for the lock (the task's way) and skipping a locked row (the beat's way): one start either way.
    results = race([
        lambda: services.advance_tournament(tournament.pk, skip_locked=False),
        lambda: services.advance_tournament(tournament.pk, skip_locked=False),
        lambda: services.advance_tournament(tournament.pk),
    ])
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sum("started" in r for r in results) == 1
    types = list(TournamentEvent.objects.filter(tournament=tournament).values_list("type", flat=True))
    assert types.count(standings.STARTED) == 1 and types.count(standings.ROUND_PAIRED) == 1
    assert TournamentGame.objects.filter(tournament=tournament).count() == 2
    seqs = list(TournamentEvent.objects.filter(tournament=tournament).order_by("seq").values_list("seq", flat=True))
    tournament.refresh_from_db()
    assert seqs == list(range(1, tournament.version + 1))


def test_the_same_expected_version_is_applied_once(make_user: Any) -> None:
    assert connection.vendor == "postgresql", "row locks across threads need PostgreSQL (marked postgres)"
    tournament = full_tournament(make_user)
    tournament.refresh_from_db()
    version = tournament.version
    calls = [
        lambda: services.advance(tournament.pk, progress, expected_version=version)
        for _ in range(4)
    ]
    results = race(calls)
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 3 and all(r.code == "version_conflict" for r in refused)
    assert TournamentGame.objects.filter(tournament=tournament).count() == 2


def test_a_game_ending_while_the_beat_advances_is_recorded_once_and_pairs_one_round(make_user: Any) -> None:
    """The hook (a 2-player game ended by a resignation, in its own transaction) and the beat's step at the
    same moment, a few times over: each game's result enters the log once, and round 2 is paired once."""
    assert connection.vendor == "postgresql", "row locks across threads need PostgreSQL (marked postgres)"
    from games import services as games

    for attempt in range(3):
        tournament = services.create_tournament(
            make_user(), name=f"Race {attempt}", kind="citadels", format="swiss", table_size=2, rounds=2,
            max_players=4,
        )
        players = entrants("easy", range(10 * attempt + 1, 10 * attempt + 5))
        for player in players:
            services.join(player, tournament.pk)
        services.advance_tournament(tournament.pk)
        first, second = TournamentGame.objects.filter(tournament=tournament, round=1)
        state = services.state_of(tournament)
        loser = {p.pk: p for p in players}[state.rounds[1].tables[0].players[0]]
        games.resign(loser, first.game_id)
        services.advance_tournament(tournament.pk)
        other = {p.pk: p for p in players}[state.rounds[1].tables[1].players[1]]
        results = race([partial(games.resign, other, second.game_id), partial(services.advance_tournament, tournament.pk)])
        assert not [r for r in results if isinstance(r, Exception)], results
        services.advance_due()
        services.advance_due()
        types = list(TournamentEvent.objects.filter(tournament=tournament).values_list("type", flat=True))
        assert types.count(standings.GAME_FINISHED) == 2 and types.count(standings.ROUND_PAIRED) == 2
        assert TournamentGame.objects.filter(tournament=tournament, round=2).count() == 2
