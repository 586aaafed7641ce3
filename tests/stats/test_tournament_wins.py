"""The leaderboard by tournament wins: each player's first places in the kind's ended tournaments, equal to a
fold of the tournaments' logs read anew; paged; a player who hides their record and a deleted account are not
on it; in the API and on the leaderboard page beside the rating board."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ratings.profiles import update_privacy
from stats import tournament_board
from stats.tournament_board import tournament_leaderboard
from tournaments import services, standings
from tournaments.models import Tournament, TournamentEvent

from .helpers import ended_tournament

pytestmark = pytest.mark.django_db


def _wins_from_the_logs(kind: str) -> Counter[int]:
    """First places in the kind's ended tournaments, each log read from its events and folded again."""
    wins: Counter[int] = Counter()
    for tournament in Tournament.objects.filter(kind=kind, status=Tournament.Status.ENDED):
        log = [(e.type, e.data) for e in TournamentEvent.objects.filter(tournament=tournament).order_by("seq")]
        wins.update(row.player for row in standings.standings(standings.fold(log)) if row.rank == 1)
    return wins


@pytest.fixture
def cups(make_user: Any) -> dict[str, Any]:
    anna, ben, cleo, dora = (make_user(name) for name in ("Anna", "Ben", "Cleo", "Dora"))
    ended = [ended_tournament(anna, [anna, ben], "dominion", 1), ended_tournament(anna, [anna, cleo], "dominion", 2),
             ended_tournament(ben, [ben, cleo], "dominion", 3), ended_tournament(anna, [anna, dora], "citadels", 4)]
    running = services.create_tournament(anna, name="Still open", kind="dominion", format="round_robin",
                                         table_size=2, max_players=4, rounds=1)
    services.join(dora, running.pk)
    return {"anna": anna, "ben": ben, "cleo": cleo, "dora": dora, "ended": ended}


def test_the_wins_equal_a_fold_of_the_tournaments_logs(cups: dict[str, Any]) -> None:
    for kind in ("dominion", "citadels"):
        board = tournament_leaderboard(kind)
        expected = _wins_from_the_logs(kind)
        assert expected and {e["user"]: e["wins"] for e in board["entries"]} == dict(expected)
        assert [e["wins"] for e in board["entries"]] == sorted(expected.values(), reverse=True)
        assert [e["place"] for e in board["entries"]] == list(range(1, len(expected) + 1))
    dominion = {e["user"]: e for e in tournament_leaderboard("dominion")["entries"]}
    assert sum(e["wins"] for e in dominion.values()) >= 3  # three ended cups: a winner each (a tie gives two)
    assert dominion.get(cups["dora"].pk) is None  # her only dominion one has not ended
    anna = dominion.get(cups["anna"].pk)
    if anna is not None:
        assert anna["tournaments"] == 2


def test_a_player_who_hides_their_record_or_is_gone_is_not_on_it(cups: dict[str, Any]) -> None:
    everybody = {e["user"] for e in tournament_leaderboard("dominion")["entries"]}
    hidden, gone = sorted(everybody)[:2] if len(everybody) > 1 else (next(iter(everybody)), None)
    update_privacy(type(cups["anna"]).objects.get(pk=hidden), show_record=False)
    if gone is not None:
        type(cups["anna"]).objects.filter(pk=gone).update(is_active=False)
    shown = {e["user"] for e in tournament_leaderboard("dominion")["entries"]}
    assert shown == everybody - {hidden, gone}


def test_it_is_paged(cups: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tournament_board, "PAGE_SIZE", 1)
    first, second = tournament_leaderboard("dominion", 1), tournament_leaderboard("dominion", 2)
    assert first["pages"] == first["count"] >= 2 and len(first["entries"]) == 1
    assert second["entries"][0]["place"] == 2 and second["entries"][0]["user"] != first["entries"][0]["user"]
    assert tournament_leaderboard("dominion", first["pages"] + 1)["entries"] == []


def test_the_api_and_the_page(cups: dict[str, Any], api_client: Any, client: Any, make_user: Any) -> None:
    api = api_client(cups["cleo"])
    answer = api.get("/api/stats/leaderboards/dominion/tournament-wins")
    assert answer.status_code == 200
    assert answer.json()["entries"] == [
        {**e, "last_win": e["last_win"].isoformat().replace("+00:00", "Z")}
        for e in tournament_leaderboard("dominion")["entries"]]
    assert api.get("/api/stats/leaderboards/chess/tournament-wins").status_code == 404
    refused = api.get("/api/stats/leaderboards/dominion/tournament-wins?page=0")
    assert refused.status_code == 400 and refused.json()["code"]
    client.force_login(cups["cleo"])
    page = client.get("/leaderboards/dominion/").content.decode()
    assert "By tournament wins" in page and "Tournament wins" in page
    winner = tournament_leaderboard("dominion")["entries"][0]
    assert f'href="/players/{winner["user"]}/"' in page
    client.force_login(make_user("Greta", language="de"))
    german = client.get("/leaderboards/dominion/").content.decode()
    assert "Nach Turniersiegen" in german and "Gespielte Turniere" in german
