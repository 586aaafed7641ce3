"""The big runs: a 64-player Swiss of 4-player Citadels tables and a 16-player Dominion round robin at tables
of 4 (two tests, so that the suite's workers share them), each driven to its end on a simulated clock. The players play their seats with the easy bot through the
games' one write path; now and then one sleeps through a decision and the deadline sweep plays it; the
tournaments' beat task runs after every sweep. Checked: every game accounted for, no repeated meeting
(avoidable in both), the standings equal to a recomputation from the games' own final states, and the share
of games left stalled past their deadline plus a grace (goal: under 1 %)."""

from __future__ import annotations

import random
import time
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from games import store
from games.deadlines.sweep import enforce_due_deadlines
from games.models import Command, Game
from games.registry import get_kind
from tournaments import services, standings
from tournaments.models import Tournament, TournamentGame

from .driver import entrants, play, seat_users

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

TICK = timedelta(hours=4)
GRACE = TICK  # a deadline the sweep of the tick before had due and left: that game stalled
SLEEP = 0.004  # the chance that a player sleeps through a decision (the deadline plays it)
MAX_TICKS = 2000


def recomputed_points(tournament: Tournament) -> dict[int, float]:
    """Each player's points from the games' own final states (the rules' places, resignations last) and the
    byes of the log's pairings: what the standings must say."""
    state = services.state_of(tournament)
    totals = {p: 0.0 for p in state.players}
    for game_id in services.games_of(tournament).values():
        game = Game.objects.get(pk=game_id)
        kind = get_kind(game.kind)
        final = store.load_state(game)
        users = seat_users(game)
        places = {users[seat].pk: place for seat, place in enumerate(kind.places(final))}
        forfeited = [users[seat].pk for seat in kind.rules.resigned(final)]
        for player, points in standings.table_points(places, state.scoring, forfeited).items():
            totals[player] += points
    for round_ in state.rounds.values():
        for player in round_.byes:
            totals[player] += state.scoring.bye()
    return totals


def drive(tournaments: list[Tournament], clock: Any, now: Any, rng: random.Random) -> dict[str, Any]:
    """Play, sweep and advance tick by tick until every tournament ended: what was measured."""
    asleep: dict[int, int] = {}  # game id -> the version a player slept at (the deadline moves it on)
    stalled: set[int] = set()
    stalled_rounds: set[tuple[int, int]] = set()
    commands = ticks = 0
    ids = [t.pk for t in tournaments]
    while ticks < MAX_TICKS:
        ticks += 1
        links = TournamentGame.objects.filter(tournament_id__in=ids, game__status=Game.Status.ACTIVE).select_related("game")
        if not Tournament.objects.filter(pk__in=ids, status=Tournament.Status.RUNNING).exists():
            break
        for link in links:
            game = link.game
            if asleep.get(game.pk) == game.version:
                continue
            played, slept, version = play(game, rng, sleep=SLEEP)
            commands += played
            if slept:
                asleep[game.pk] = version
        now += TICK
        clock.move_to(now)
        late = Game.objects.filter(pk__in=links.values("game_id"), status=Game.Status.ACTIVE, deadline_at__lt=now - GRACE)
        stalled |= set(late.values_list("pk", flat=True))
        enforce_due_deadlines(now)
        services.advance_due(now)
        for tournament in Tournament.objects.filter(pk__in=ids, status=Tournament.Status.RUNNING):
            # Right after the beat, a running tournament always has a round in play.
            if all(r.finished for r in services.state_of(tournament).rounds.values()):
                stalled_rounds.add((tournament.pk, tournament.current_round))
    return {"ticks": ticks, "commands": commands, "stalled": stalled, "stalled_rounds": stalled_rounds,
            "days": (now - tournaments[0].started_at).days}


def run_to_the_end(make_user: Any, settings: dict[str, Any], players: range, rounds: int, games: int) -> None:
    """Open the tournament, sign the players up, start it at sign-up's end, drive it to its end, and check it."""
    began = time.monotonic()
    host = make_user()
    start = timezone.now().replace(microsecond=0)
    with time_machine.travel(start, tick=False) as clock:
        tournament = services.create_tournament(
            host, time_control={"decision_hours": 24}, signup_until=start + timedelta(days=1), max_game_days=60,
            **settings,
        )
        for player in entrants("easy", players):
            services.join(player, tournament.pk)
        now = start + timedelta(days=1, hours=1)
        clock.move_to(now)
        services.advance_due(now)
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING
        measured = drive([tournament], clock, now, random.Random(38))

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.ENDED, tournament
    state = services.state_of(tournament)
    assert sorted(state.rounds) == list(range(1, rounds + 1))
    # Every table's game accounted for: linked, finished, its result in the log.
    tables = [t for r in state.rounds.values() for t in r.tables]
    links = TournamentGame.objects.filter(tournament=tournament)
    assert len(tables) == games == links.count() == links.filter(recorded=True, game__status=Game.Status.FINISHED).count()
    assert all(t.finished and t.game is not None for t in tables)
    assert sorted(t.game for t in tables if t.game) == sorted(links.values_list("game_id", flat=True))
    # Nobody met anybody twice (avoidable in both: 3 rounds of 4 among 64; a perfect 16-at-4 schedule).
    assert max(state.meetings().counts.values()) == 1
    # The standings are the games' own results.
    assert {row.player: row.points for row in standings.standings(state)} == recomputed_points(tournament)
    timeouts = Command.objects.filter(by_service=True).count()
    stalled_share = len(measured["stalled"]) / games
    print(f"\n{tournament.name}: {games} games, {measured['commands']} players' commands, {timeouts} played at a "
          f"deadline, {measured['ticks']} ticks ({measured['days']} simulated days), stalled {len(measured['stalled'])} "
          f"({stalled_share:.1%}), rounds left unpaired {len(measured['stalled_rounds'])}, {time.monotonic() - began:.0f} s")
    assert stalled_share < 0.01
    assert not measured["stalled_rounds"]


def test_a_64_player_swiss_of_4_player_citadels_tables_to_its_end(make_user: Any) -> None:
    settings = {"name": "Citadels Swiss", "kind": "citadels", "format": "swiss", "table_size": 4, "rounds": 3,
                "max_players": 64}
    run_to_the_end(make_user, settings, range(1, 65), rounds=3, games=16 * 3)


def test_a_16_player_dominion_round_robin_at_tables_of_4_to_its_end(make_user: Any) -> None:
    settings = {"name": "Dominion round robin", "kind": "dominion", "format": "round_robin", "table_size": 4,
                "max_players": 16}
    run_to_the_end(make_user, settings, range(65, 81), rounds=5, games=20)
