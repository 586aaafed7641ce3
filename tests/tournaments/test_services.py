"""The tournament services: creating, the entry gates, the start by the beat task, results through the
games' hook, the next round, withdrawals and bans, the end; bad input refused and nothing written."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from core.errors import ServiceError
from games.models import Game
from tournaments import services, standings
from tournaments.models import EntryBan, Tournament, TournamentEvent, TournamentGame

from .driver import entrants, play

pytestmark = pytest.mark.django_db


def swiss(host: Any, **overrides: Any) -> Tournament:
    settings: dict[str, Any] = {
        "name": "Autumn Swiss", "kind": "citadels", "format": "swiss", "table_size": 2, "max_players": 4,
        "rounds": 2, "time_control": {"decision_hours": 24},
    }
    return services.create_tournament(host, **{**settings, **overrides})


def test_bad_settings_are_refused_and_nothing_is_written(make_user: Any) -> None:
    host = make_user()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"table_size": 9}, "invalid_table_size"), ({"format": "knockout"}, "invalid_format"),
        ({"rounds": 0}, "invalid_rounds"), ({"max_players": 1}, "invalid_max_players"),
        ({"time_control": {"decision_hours": -1}}, "invalid_time_control"), ({"kind": "chess"}, "unknown_kind"),
        ({"points": {"2": [0, 2]}}, "invalid_points"), ({"withdrawal_policy": "pray"}, "invalid_policy"),
        ({"kind": "dominion", "table_size": 7}, "invalid_table_size"), ({"name": " "}, "invalid_name"),
    ]
    for overrides, code in cases:
        with pytest.raises(ServiceError) as refused:
            swiss(host, **overrides)
        assert refused.value.code == code and refused.value.status == 400
    assert not Tournament.objects.exists() and not TournamentEvent.objects.exists()


def test_the_entry_gates(make_user: Any) -> None:
    host, guest, stranger = make_user(), make_user(), make_user()
    closed = swiss(host, entry="invitation")
    with pytest.raises(ServiceError, match="not_invited"):
        services.join(stranger, closed.pk)
    services.invite(host, closed.pk, guest)
    services.join(guest, closed.pk)
    with pytest.raises(ServiceError, match="already_joined"):
        services.join(guest, closed.pk)
    rated = swiss(host, min_rating=10.0)
    with pytest.raises(ServiceError, match="rating_too_low"):
        services.join(stranger, rated.pk)
    EntryBan.objects.create(user=stranger, tournament=closed, until=timezone.now() + timedelta(days=3), reason="time")
    with pytest.raises(ServiceError, match="entry_banned"):
        services.join(stranger, swiss(host).pk)
    small = swiss(host, max_players=2)
    services.join(host, small.pk)
    services.join(guest, small.pk)
    with pytest.raises(ServiceError, match="tournament_full"):
        services.join(make_user(), small.pk)
    services.leave(guest, closed.pk)
    assert services.state_of(Tournament.objects.get(pk=closed.pk)).entrants == []


def test_a_swiss_runs_to_its_end_through_the_hook_and_the_beat(make_user: Any) -> None:
    host = make_user()
    players = entrants("easy", range(1, 6))
    start = timezone.now()
    with time_machine.travel(start, tick=False) as clock:
        tournament = swiss(host, max_players=8, rounds=3, signup_until=start + timedelta(hours=1))
        for player in players:
            services.join(player, tournament.pk)
        assert services.advance_due(start).tournaments == 0  # sign-up still open
        clock.move_to(start + timedelta(hours=2))
        services.advance_due()
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING and tournament.current_round == 1
        rng = random.Random(3)
        for _ in range(3):
            for link in TournamentGame.objects.filter(tournament=tournament, recorded=False).select_related("game"):
                play(link.game, rng)
            services.advance_due()
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.ENDED
        state = services.state_of(tournament)
        assert state.meetings().counts.most_common(1)[0][1] == 1  # 5 players, 3 rounds: no repeat
        assert sorted(state.byes_had().values()) == [1, 1, 1]  # a bye a round, never twice to one player
        for number in state.rounds:
            again = services.rederive_round(tournament, number)
            assert [list(t) for t in again.tables] == [list(t.players) for t in state.rounds[number].tables]
        assert TournamentGame.objects.filter(tournament=tournament).count() == 6
        assert not TournamentGame.objects.filter(tournament=tournament, game__status=Game.Status.ACTIVE).exists()
        rows = standings.standings(state)
        assert sum(row.points for row in rows) == 6 * 2 + 3 * 2  # each game gives out 2, each bye 2


def test_a_withdrawal_forfeits_the_running_games_and_bans(make_user: Any) -> None:
    host = make_user()
    players = entrants("easy", range(1, 5))
    tournament = services.create_tournament(
        host, name="League night", kind="dominion", format="round_robin", table_size=2, max_players=4, ban_days=30,
    )
    for player in players:
        services.join(player, tournament.pk)
    services.advance_due()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert TournamentGame.objects.filter(tournament=tournament).count() == 6  # every pair at once
    leaver = players[0]
    services.withdraw(leaver, tournament.pk)
    with pytest.raises(ServiceError, match="already_withdrawn"):
        services.withdraw(leaver, tournament.pk)
    assert services.settle_withdrawals(tournament.pk) == 3
    assert services.settle_withdrawals(tournament.pk) == 0  # exactly once
    services.advance_due()
    state = services.state_of(tournament)
    theirs = [t for r in state.rounds.values() for t in r.tables if leaver.pk in t.players]
    assert all(t.points is not None and t.points[leaver.pk] == 0 and leaver.pk in t.forfeited for t in theirs)
    assert EntryBan.objects.filter(user=leaver, until__gt=timezone.now() + timedelta(days=29)).exists()
    with pytest.raises(ServiceError, match="entry_banned"):
        services.join(leaver, swiss(host).pk)


def test_too_few_players_call_it_off(make_user: Any) -> None:
    host = make_user()
    start = timezone.now()
    tournament = swiss(host, signup_until=start + timedelta(hours=1), min_players=3)
    services.join(host, tournament.pk)
    services.advance_due(start + timedelta(hours=2))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and not TournamentGame.objects.exists()
