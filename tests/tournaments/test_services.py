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


def test_a_step_killed_midway_leaves_nothing_and_is_done_once_later(make_user: Any, monkeypatch: Any) -> None:
    """A worker dying while it creates a round's games (here: an error at the second table) rolls the whole
    step back; the next beat does it, once."""
    from tournaments.services import rounds

    tournament = swiss(make_user(), max_players=4)
    players = entrants("easy", range(1, 5))
    for player in players:
        services.join(player, tournament.pk)
    made = rounds.create_table_game
    calls = []

    def dying(*args: Any) -> Game:
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("killed")
        return made(*args)

    monkeypatch.setattr(rounds, "create_table_game", dying)
    assert services.advance_due().tournaments == 0  # the failure is logged, the tournament left as it was
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.SIGNUP and not TournamentGame.objects.exists()
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 0
    services.advance_due()
    services.advance_due()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert TournamentGame.objects.filter(tournament=tournament).count() == 2
    assert list(TournamentEvent.objects.filter(tournament=tournament, type=standings.STARTED)) != []
    assert TournamentEvent.objects.filter(tournament=tournament, type=standings.ROUND_PAIRED).count() == 1


def test_a_game_past_the_maximum_length_is_a_draw_and_a_time_loss_withdraws(make_user: Any) -> None:
    from games.models import SeatPresence

    start = timezone.now()
    with time_machine.travel(start, tick=False):
        tournament = swiss(make_user(), max_players=4, max_game_days=10, ban_days=7, withdrawal_policy="bot")
        players = entrants("easy", range(1, 5))
        for player in players:
            services.join(player, tournament.pk)
        services.advance_due(start)
    first, second = TournamentGame.objects.filter(tournament=tournament).select_related("game")
    tournament.refresh_from_db()
    assert tournament.due_at is not None and tournament.due_at >= start + timedelta(days=10)
    # A seat of the second game is absent (its player let the deadlines pass): a loss on time.
    SeatPresence.objects.create(game=second.game, seat=0, consecutive_timeouts=3, total_timeouts=3, absent_since=start)
    services.advance_due(start + timedelta(days=1))
    state = services.state_of(tournament)
    assert len(state.withdrawn) == 1 and next(iter(state.withdrawn.values()))["reason"] == "time"
    assert EntryBan.objects.count() == 1
    services.advance_due(start + timedelta(days=11))
    state = services.state_of(tournament)
    for link in (first, second):
        table = state.rounds[1].tables[link.table]
        assert table.adjudicated and table.points is not None and set(table.points.values()) == {1.0}


def test_the_host_starts_early_or_calls_it_off(make_user: Any) -> None:
    host, other = make_user(), make_user()
    tournament = swiss(host, max_players=8)
    players = entrants("easy", range(1, 4))
    services.join(players[0], tournament.pk)
    with pytest.raises(ServiceError, match="not_enough_players"):
        services.start_now(host, tournament.pk)
    for player in players[1:]:
        services.join(player, tournament.pk)
    with pytest.raises(ServiceError, match="not_the_host"):
        services.start_now(other, tournament.pk)
    services.start_now(host, tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.players_count == 3
    assert TournamentGame.objects.filter(tournament=tournament).count() == 1  # and a bye
    with pytest.raises(ServiceError, match="signup_closed"):
        services.cancel(host, tournament.pk)
    later = swiss(host)
    services.cancel(host, later.pk)
    later.refresh_from_db()
    assert later.status == Tournament.Status.CANCELLED


def test_a_partial_round_robin_of_pairs_plays_the_rounds_asked() -> None:
    from tournaments.pairing import round_rng, round_robin_tables

    assert len(round_robin_tables(list(range(8)), 2, round_rng("x", 0), rounds=3)) == 3
