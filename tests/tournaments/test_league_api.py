"""The leagues API: create (the host is the signed-in player; the players by id), list, a league's detail
(its settings, players, each season's groups with their tournaments), join and leave from the next season;
refusals as 4xx `{code, message}` that write nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments import services
from tournaments.models import League, LeagueEvent, Tournament

from .test_league_seasons import _finish_games

pytestmark = pytest.mark.django_db


def body(players: list[Any], **overrides: Any) -> dict[str, Any]:
    return {"name": "Winter league", "kind": "citadels", "players": [p.pk for p in players], "group_size": 2,
            "promote": 1, "relegate": 1, "seasons": 2, "table_size": 2, **overrides}


def test_create_list_and_detail(make_user: Any, api_client: Any) -> None:
    host, players = make_user(), [make_user() for _ in range(4)]
    client = api_client(host)
    answer = client.post("/api/leagues/", body(players), format="json")
    assert answer.status_code == 201, answer.json()
    created = answer.json()
    league = League.objects.get(pk=created["id"])
    assert league.created_by == host and created["host"]["id"] == host.pk
    assert created["status"] == "running" and created["current_season"] == 1 and created["planned_seasons"] == 2
    assert created["settings"]["group_size"] == 2 and created["you"] == {"member": False, "host": True}
    assert {p["id"] for p in created["players"]} == {p.pk for p in players}
    [season] = created["seasons"]
    assert season["season"] == 1 and not season["ended"] and season["promoted"] == []
    assert [(g["tier"], g["group"]) for g in season["groups"]] == [(1, 1), (2, 1)]
    groups = Tournament.objects.filter(league=league).order_by("tier")
    assert [g["tournament"] for g in season["groups"]] == [t.pk for t in groups]
    assert season["groups"][0]["url"].endswith(f"/tournaments/{groups[0].pk}/")
    assert len(season["groups"][0]["leaders"]) == 2 and created["url"].endswith(f"/leagues/{league.pk}/")
    listed = client.get("/api/leagues/").json()
    assert [row["id"] for row in listed["results"]] == [league.pk]
    shown = api_client(players[0]).get(f"/api/leagues/{league.pk}/").json()
    assert shown["you"] == {"member": True, "host": False} and shown["seasons"] == created["seasons"]


def test_join_and_leave_from_the_next_season(make_user: Any, api_client: Any) -> None:
    players = [make_user() for _ in range(2)]
    league = api_client(players[0]).post("/api/leagues/", body(players), format="json").json()
    newcomer = api_client(make_user())
    joined = newcomer.post(f"/api/leagues/{league['id']}/join")
    assert joined.status_code == 200 and joined.json()["you"]["member"] is True
    again = newcomer.post(f"/api/leagues/{league['id']}/join")
    assert again.status_code == 409 and again.json()["code"] == "already_in_league"
    left = newcomer.post(f"/api/leagues/{league['id']}/leave")
    assert left.status_code == 200 and left.json()["you"]["member"] is False
    again = newcomer.post(f"/api/leagues/{league['id']}/leave")
    assert again.status_code == 409 and again.json()["code"] == "not_in_league"
    assert newcomer.post("/api/leagues/999999/join").json()["code"] == "league_not_found"
    assert api_client().post(f"/api/leagues/{league['id']}/join").status_code in (401, 403)


@pytest.mark.parametrize(("overrides", "code", "status"), [
    ({"group_size": 5}, "invalid_group_size", 400),
    ({"promote": 2, "relegate": 1}, "invalid_promotion", 400),
    ({"table_size": 9}, "invalid", 400),
    ({"colour": "red"}, "unknown_fields", 400),
    ({"players": [999999, 999998]}, "user_not_found", 404),
])
def test_refusals_are_4xx_and_write_nothing(make_user: Any, api_client: Any, overrides: dict[str, Any],
                                            code: str, status: int) -> None:
    players = [make_user() for _ in range(4)]
    answer = api_client(make_user()).post("/api/leagues/", {**body(players), **overrides}, format="json")
    assert answer.status_code == status and answer.json()["code"] == code, answer.json()
    assert answer.json()["message"]
    assert not League.objects.exists() and not LeagueEvent.objects.exists() and not Tournament.objects.exists()


def test_the_same_player_twice_is_refused(make_user: Any, api_client: Any) -> None:
    player = make_user()
    answer = api_client(player).post("/api/leagues/", body([player, player]), format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid_players"
    assert not League.objects.exists()


def test_an_ended_season_tells_who_went_up_and_down_and_an_ended_league_refuses_joins(
        make_user: Any, api_client: Any) -> None:
    players = [make_user() for _ in range(4)]
    client = api_client(make_user())
    league = client.post("/api/leagues/", body(players, seasons=1), format="json").json()
    top, bottom = ({p["id"] for p in g["players"]} for g in league["seasons"][0]["groups"])
    strength = sorted(top, reverse=True) + sorted(bottom, reverse=True)  # the higher id wins in each group
    assert _finish_games(strength) == 2
    services.advance_due()
    shown = client.get(f"/api/leagues/{league['id']}/").json()
    assert shown["status"] == "ended" and shown["ended_at"] is not None
    [season] = shown["seasons"]
    assert season["ended"] is True
    assert [p["id"] for p in season["promoted"]] == [max(bottom)] and [p["id"] for p in season["relegated"]] == [min(top)]
    assert [row["player"]["id"] for row in season["groups"][0]["leaders"]] == sorted(top, reverse=True)
    refused = api_client(make_user()).post(f"/api/leagues/{league['id']}/join")
    assert refused.status_code == 409 and refused.json()["code"] == "league_ended"
