"""League seasons: a league of 8 players in two tiers of one group of 4, each group a round robin; when
every group of a season is over the beat task ends the season (promotion, relegation) and starts the next
one's groups, exactly once; after its last season the league ends. The games' results come into the
tournaments' inbox as the games' hook writes them (`TournamentGame.result`)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from core.errors import ServiceError
from games.models import Game
from tournaments import services
from tournaments.models import AppendOnlyError, League, LeagueEvent, Tournament, TournamentGame
from tournaments.services import league as leagues

from .driver import entrants

pytestmark = pytest.mark.django_db


def _finish_games(strength: list[int]) -> int:
    """Every open table's game ends with the stronger player (earlier in `strength`) placed first, as the
    games' hook would write it; the number of games finished."""
    rank = {player: index for index, player in enumerate(strength)}
    done = 0
    for link in TournamentGame.objects.filter(finished_at__isnull=True).select_related("game"):
        players = [int(p) for p in link.game.seats.values_list("user_id", flat=True)]
        order = sorted(players, key=rank.__getitem__)
        link.result = {"places": {str(p): place for place, p in enumerate(order, 1)}, "forfeited": []}
        link.finished_at = timezone.now()
        link.save(update_fields=["result", "finished_at"])
        Game.objects.filter(pk=link.game_id).update(status=Game.Status.FINISHED)
        done += 1
    return done


def _groups(league: League, season: int) -> list[set[int]]:
    groups = Tournament.objects.filter(league=league, season=season).order_by("tier", "group")
    return [set(services.state_of(t).players) for t in groups]


def test_a_two_season_league_promotes_and_relegates_and_ends(make_user: Any) -> None:
    players = entrants("easy", range(1, 9))
    ids = [p.pk for p in players]
    league = services.create_league(make_user(), name="Winter league", kind="citadels", players=players,
                                    group_size=4, promote=1, relegate=1, seasons=2, table_size=2)
    assert league.current_season == 1 and league.status == League.Status.RUNNING
    assert _groups(league, 1) == [set(ids[:4]), set(ids[4:])]  # by rating (all new: the order given)
    groups = Tournament.objects.filter(league=league, season=1)
    assert all(t.status == Tournament.Status.RUNNING for t in groups)
    assert TournamentGame.objects.filter(tournament__league=league).count() == 12  # 6 pairs in each group
    assert services.advance_due().steps == []  # nothing over yet: no season's end
    # The last of the top group loses every game; the last seed of the lower group wins every game.
    strength = [ids[7], ids[0], ids[1], ids[2], ids[4], ids[5], ids[6], ids[3]]
    assert _finish_games(strength) == 12
    report = services.advance_due()
    assert f"league {league.pk}: season 1 ended" in report.steps and f"league {league.pk}: season 2 started" in report.steps
    league.refresh_from_db()
    assert league.current_season == 2
    ended = leagues.events_of(league)[2]
    assert ended[0] == leagues.SEASON_ENDED and ended[1]["season"] == 1
    assert ended[1]["standings"] == [[[ids[0], ids[1], ids[2], ids[3]]], [[ids[7], ids[4], ids[5], ids[6]]]]
    assert ended[1]["promoted"] == [ids[7]] and ended[1]["relegated"] == [ids[3]]
    assert _groups(league, 2) == [{ids[0], ids[1], ids[2], ids[7]}, {ids[3], ids[4], ids[5], ids[6]}]
    # Exactly once: another beat, or the league's step run again, starts no third season.
    version = league.version
    assert services.advance_due().steps == []
    assert services.advance_league(league.pk, leagues.progress_league) == []
    league.refresh_from_db()
    assert league.version == version and Tournament.objects.filter(league=league).count() == 4
    assert _finish_games(strength) == 12
    services.advance_due()
    league.refresh_from_db()
    assert league.status == League.Status.ENDED and league.ended_at is not None
    types = [t for t, _ in leagues.events_of(league)]
    assert types == [leagues.CREATED, leagues.SEASON_STARTED, leagues.SEASON_ENDED, leagues.SEASON_STARTED,
                     leagues.SEASON_ENDED, leagues.ENDED]
    last = leagues.events_of(league)[4][1]
    assert last["promoted"] == [ids[4]] and last["relegated"] == [ids[2]]
    told = leagues.seasons_of(league)
    assert [(season["season"], season["ended"]["season"]) for season in told] == [(1, 1), (2, 2)]
    assert told[1]["tiers"] == [[[ids[0], ids[1], ids[2], ids[7]]], [[ids[3], ids[4], ids[5], ids[6]]]]
    with pytest.raises(AppendOnlyError):
        LeagueEvent.objects.filter(league=league).update(type="x")


def test_bad_league_settings_are_refused_and_nothing_is_written(make_user: Any) -> None:
    players = entrants("easy", range(1, 5))
    host = make_user()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"group_size": 1}, "invalid_group_size"), ({"promote": 3, "relegate": 2}, "invalid_promotion"),
        ({"seasons": 0}, "invalid_seasons"), ({"players": players[:1]}, "invalid_players"),
        ({"kind": "chess"}, "unknown_kind"), ({"time_control": {"decision_hours": -1}}, "invalid_time_control"),
    ]
    for overrides, code in cases:
        settings: dict[str, Any] = {"name": "L", "kind": "citadels", "players": players, "group_size": 4}
        with pytest.raises(ServiceError) as refused:
            services.create_league(host, **{**settings, **overrides})
        assert refused.value.code == code
    assert not League.objects.exists() and not Tournament.objects.exists()


def test_a_newcomer_starts_at_the_bottom_next_season_and_a_leaver_is_gone(make_user: Any) -> None:
    players = entrants("easy", range(1, 9))
    ids = [p.pk for p in players]
    newcomer = make_user()
    league = services.create_league(make_user(), name="Open league", kind="citadels", players=players,
                                    group_size=4, seasons=2)
    services.join_league(newcomer, league.pk)
    with pytest.raises(ServiceError, match="already_in_league"):
        services.join_league(newcomer, league.pk)
    with pytest.raises(ServiceError, match="already_in_league"):
        services.join_league(players[0], league.pk)
    services.leave_league(players[1], league.pk)
    with pytest.raises(ServiceError, match="not_in_league"):
        services.leave_league(players[1], league.pk)
    with pytest.raises(ServiceError, match="league_not_found"):
        services.join_league(newcomer, "nine")
    _finish_games(ids)  # the seeding order wins every game
    services.advance_due()
    season = leagues.events_of(league)[-1][1]
    assert season["season"] == 2
    top, bottom = ({p for g in tier for p in g} for tier in season["tiers"])
    assert top == {ids[0], ids[2], ids[4]} and bottom == {ids[3], ids[5], ids[6], ids[7], newcomer.pk}
    ended = next(data for type_, data in leagues.events_of(league) if type_ == leagues.SEASON_ENDED)
    assert ended["leaving"] == [ids[1]] and ended["newcomers"] == [newcomer.pk]
    assert ended["promoted"] == [ids[4]] and ended["relegated"] == [ids[3]]
    assert _groups(league, 2) == [top, bottom]
    _finish_games(ids + [newcomer.pk])
    services.advance_due()
    with pytest.raises(ServiceError, match="league_ended"):
        services.join_league(make_user(), league.pk)
