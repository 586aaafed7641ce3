"""The tournaments API: create (the host is the signed-in player), list by status, join and its gates,
leave, withdraw, invite; refusals as 4xx `{code, message}` that change nothing; the detail's standings,
crosstable and rounds with each table's game, equal to the fold of the log."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game
from tournaments import services, standings
from tournaments.models import EntryBan, Tournament, TournamentEvent

from .driver import play

pytestmark = pytest.mark.django_db

BODY: dict[str, Any] = {
    "name": "Winter Swiss", "kind": "citadels", "format": "swiss", "table_size": 2, "max_players": 4, "rounds": 2,
    "time_control": {"decision_hours": 24},
}


def create(client: Any, **overrides: Any) -> Any:
    return client.post("/api/tournaments/", {**BODY, **overrides}, format="json")


def test_create_makes_the_signed_in_player_the_host(make_user: Any, api_client: Any) -> None:
    host = make_user()
    answer = create(api_client(host), entry="invitation", ban_days=7, withdrawal_policy="bot", max_game_days=20,
                    points={"2": [3, 0]}, min_reliability=50)
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    tournament = Tournament.objects.get(pk=body["id"])
    assert tournament.created_by == host and body["host"] == {"id": host.pk, "name": host.display_name}
    assert body["status"] == "signup" and body["you"] == {"host": True, "entered": False, "withdrawn": False}
    assert body["settings"]["entry"] == "invitation" and body["settings"]["points"] == {"2": [3.0, 0.0]}
    assert body["settings"]["withdrawal_policy"] == "bot" and body["settings"]["ban_days"] == 7
    assert body["seed"] is None  # public once it starts
    assert body["url"].endswith(f"/tournaments/{tournament.pk}/")


@pytest.mark.parametrize(("overrides", "code"), [
    ({"table_size": 9}, "invalid"),  # the schema's bound, before the service
    ({"format": "knockout"}, "invalid"),
    ({"kind": "dominion", "table_size": 7}, "invalid_table_size"),
    ({"rounds": None}, "invalid_rounds"),  # a Swiss needs its rounds
    ({"time_control": {"decision_hours": -1}}, "invalid_time_control"),
    ({"points": {"2": [0, 2]}}, "invalid_points"),
    ({"colour": "red"}, "unknown_fields"),
    ({"signup_until": "2001-01-01T00:00:00Z"}, "invalid_signup_until"),
])
def test_bad_settings_are_a_400_and_nothing_is_written(make_user: Any, api_client: Any,
                                                        overrides: dict[str, Any], code: str) -> None:
    answer = create(api_client(make_user()), **overrides)
    assert answer.status_code == 400 and answer.json()["code"] == code, answer.json()
    assert set(answer.json()) >= {"code", "message"} and answer.json()["message"]
    assert not Tournament.objects.exists() and not TournamentEvent.objects.exists()


def test_signed_out_is_a_401(api_client: Any) -> None:
    assert create(api_client()).status_code == 401
    assert api_client().get("/api/tournaments/").json()["code"] == "not_authenticated"


def test_list_filters_by_status(make_user: Any, api_client: Any) -> None:
    client = api_client(make_user())
    open_id = create(client, name="Open one").json()["id"]
    ended_id = create(client, name="Called off").json()["id"]
    Tournament.objects.filter(pk=ended_id).update(status=Tournament.Status.CANCELLED)
    everything = client.get("/api/tournaments/").json()["results"]
    assert [t["id"] for t in everything] == [ended_id, open_id]
    assert [t["id"] for t in client.get("/api/tournaments/?status=open").json()["results"]] == [open_id]
    assert [t["id"] for t in client.get("/api/tournaments/?status=finished").json()["results"]] == [ended_id]
    assert client.get("/api/tournaments/?status=running").json()["results"] == []
    bad = client.get("/api/tournaments/?status=later")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid"
    assert client.get("/api/tournaments/?state=open").json()["code"] == "unknown_parameter"


def test_join_gates_are_4xx_with_the_services_codes(make_user: Any, api_client: Any) -> None:
    host, guest, stranger, banned = make_user(), make_user(), make_user(), make_user()
    closed = create(api_client(host), entry="invitation").json()["id"]
    refused = api_client(stranger).post(f"/api/tournaments/{closed}/join")
    assert refused.status_code == 403 and refused.json()["code"] == "not_invited"
    # Only the host invites; an unknown player is a 404.
    assert api_client(stranger).post(f"/api/tournaments/{closed}/invite", {"user": guest.pk},
                                     format="json").json()["code"] == "not_the_host"
    assert api_client(host).post(f"/api/tournaments/{closed}/invite", {"user": 10**9},
                                 format="json").status_code == 404
    assert api_client(host).post(f"/api/tournaments/{closed}/invite", {"user": guest.pk}, format="json").status_code == 200
    joined = api_client(guest).post(f"/api/tournaments/{closed}/join")
    assert joined.status_code == 200 and joined.json()["you"]["entered"] is True
    assert [p["id"] for p in joined.json()["entrants"]] == [guest.pk]
    again = api_client(guest).post(f"/api/tournaments/{closed}/join")
    assert again.status_code == 409 and again.json()["code"] == "already_joined"
    rated = create(api_client(host), min_rating=10.0).json()["id"]
    assert api_client(stranger).post(f"/api/tournaments/{rated}/join").json()["code"] == "rating_too_low"
    EntryBan.objects.create(user=banned, tournament_id=closed, until=timezone.now() + timedelta(days=3), reason="time")
    open_one = create(api_client(host)).json()["id"]
    ban = api_client(banned).post(f"/api/tournaments/{open_one}/join")
    assert ban.status_code == 403 and ban.json()["code"] == "entry_banned" and "until" in ban.json()
    missing = api_client(guest).post("/api/tournaments/999999/join")
    assert missing.status_code == 404 and missing.json()["code"] == "tournament_not_found"
    assert api_client(guest).get("/api/tournaments/999999/").status_code == 404
    # Refusals wrote nothing: one tournament has its guest, the others none.
    assert list(Tournament.objects.order_by("pk").values_list("players_count", flat=True)) == [1, 0, 0]


def test_leave_before_the_start_and_withdraw_after_it(make_user: Any, api_client: Any) -> None:
    host = make_user()
    players = [make_user() for _ in range(4)]
    tournament_id = create(api_client(host), max_players=4).json()["id"]
    first = api_client(players[0])
    assert first.post(f"/api/tournaments/{tournament_id}/withdraw").json()["code"] == "tournament_not_running"
    first.post(f"/api/tournaments/{tournament_id}/join")
    left = first.post(f"/api/tournaments/{tournament_id}/leave")
    assert left.status_code == 200 and left.json()["entrants"] == []
    assert first.post(f"/api/tournaments/{tournament_id}/leave").json()["code"] == "not_entered"
    for player in players:
        assert api_client(player).post(f"/api/tournaments/{tournament_id}/join").status_code == 200
    services.advance_due()  # full: the beat task starts it
    started = first.get(f"/api/tournaments/{tournament_id}/").json()
    assert started["status"] == "running" and started["seed"]
    assert first.post(f"/api/tournaments/{tournament_id}/leave").json()["code"] == "tournament_started"
    withdrawn = first.post(f"/api/tournaments/{tournament_id}/withdraw")
    assert withdrawn.status_code == 200 and withdrawn.json()["you"]["withdrawn"] is True
    assert first.post(f"/api/tournaments/{tournament_id}/withdraw").json()["code"] == "already_withdrawn"
    row = next(r for r in withdrawn.json()["standings"] if r["player"]["id"] == players[0].pk)
    assert row["withdrawn"] is True


def test_detail_shows_the_rounds_games_standings_and_crosstable(make_user: Any, api_client: Any) -> None:
    host = make_user()
    players = [make_user() for _ in range(4)]
    tournament_id = create(api_client(host), max_players=4).json()["id"]
    for player in players:
        api_client(player).post(f"/api/tournaments/{tournament_id}/join")
    services.advance_due()
    client = api_client(players[0])
    body = client.get(f"/api/tournaments/{tournament_id}/").json()
    (first_round,) = body["pairings"]
    assert first_round["round"] == 1 and len(first_round["tables"]) == 2
    for table in first_round["tables"]:
        assert Game.objects.filter(pk=table["game"], status=Game.Status.ACTIVE).exists()
        assert table["url"].endswith(f"/games/{table['game']}/") and not table["finished"]
    assert body["tiebreaks"] == ["buchholz", "sonneborn_berger"]
    rng = random.Random(5)
    for table in first_round["tables"]:
        play(Game.objects.get(pk=table["game"]), rng)
    services.advance_due()  # results recorded, round 2 paired
    body = client.get(f"/api/tournaments/{tournament_id}/").json()
    tournament = Tournament.objects.get(pk=tournament_id)
    expected = standings.standings(services.state_of(tournament))
    assert [(r["rank"], r["player"]["id"], r["points"], r["buchholz"], r["sonneborn_berger"]) for r in body["standings"]] == [
        (r.rank, r.player, r.points, r.buchholz, r.sonneborn_berger) for r in expected]
    assert sum(r["points"] for r in body["standings"]) == 4.0  # two tables of 2 + 0 (or 1 + 1)
    assert [r["round"] for r in body["pairings"]] == [1, 2] and body["pairings"][0]["finished"]
    assert [line["player"]["id"] for line in body["crosstable"]] == [r.player for r in expected]
    first_cells = [line["rounds"][0] for line in body["crosstable"]]
    assert all(cell["place"] in (1, 2) and len(cell["opponents"]) == 1 for cell in first_cells)
    assert body["version"] == tournament.version


def test_the_schema_documents_the_tournaments_api(make_user: Any, api_client: Any) -> None:
    schema = api_client(make_user()).get("/api/schema/?format=json").json()
    paths = schema["paths"]
    assert {"/api/tournaments/", "/api/tournaments/{tournament_id}/", "/api/tournaments/{tournament_id}/join",
            "/api/tournaments/{tournament_id}/invite"} <= set(paths)
    assert {"201", "400", "401"} <= set(paths["/api/tournaments/"]["post"]["responses"])
    create_body = schema["components"]["schemas"]["TournamentCreateRequest"]
    assert create_body["additionalProperties"] is False and "withdrawal_policy" in create_body["properties"]
