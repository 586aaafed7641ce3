"""The leaderboards: the players by rating among those with enough rated games who played recently, paged;
a player who hides their rating, a deleted account and an idle player are not on it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone

from ratings.models import Rating, Result
from ratings.profiles import update_privacy
from stats.leaderboards import PAGE_SIZE, leaderboard

from .helpers import finished_game

pytestmark = pytest.mark.django_db


def _rated(user: Any, game: Any, seat: int, mu: float, games: int = 5, days_ago: int = 1) -> None:
    Rating.objects.update_or_create(user=user, kind="dominion", defaults={"mu": mu, "sigma": 2.0, "games": games})
    Result.objects.filter(user=user, kind="dominion").delete()
    Result.objects.create(game=game, user=user, kind="dominion", seat=seat, place=1,
                          finished_at=timezone.now() - timedelta(days=days_ago))


@pytest.fixture
def board(make_user: Any) -> dict[str, Any]:
    first, second = make_user(), make_user()
    game = finished_game([first, second], "dominion", seed=31)
    players = [make_user(f"rated{n}") for n in range(PAGE_SIZE + 5)]
    for n, user in enumerate(players):
        _rated(user, game, 10 + n, mu=20 + n)
    few, idle, hidden, gone = make_user("few"), make_user("idle"), make_user("hidden"), make_user("gone")
    _rated(few, game, 100, mu=99, games=4)
    _rated(idle, game, 101, mu=99, days_ago=400)
    _rated(hidden, game, 102, mu=99)
    update_privacy(hidden, show_rating=False)
    _rated(gone, game, 103, mu=99)
    gone.deleted_at = timezone.now()
    gone.save()
    return {"players": players, "left_out": [few, idle, hidden, gone, first, second]}


def test_the_board_is_the_ratings_of_the_active_players_in_order_paged(board: dict[str, Any]) -> None:
    first, second = leaderboard("dominion", 1), leaderboard("dominion", 2)
    assert first["count"] == second["count"] == PAGE_SIZE + 5 and first["pages"] == 2
    entries = first["entries"] + second["entries"]
    assert [e["place"] for e in entries] == list(range(1, PAGE_SIZE + 6))
    expected = sorted(board["players"], key=lambda u: -Rating.objects.get(user=u, kind="dominion").mu)
    assert [e["user"] for e in entries] == [u.pk for u in expected]
    assert [e["rating"] for e in entries] == sorted((e["rating"] for e in entries), reverse=True)
    shown = {e["user"] for e in entries}
    assert not shown & {u.pk for u in board["left_out"]}
    assert leaderboard("dominion", 3)["entries"] == []


@override_settings(ROOT_URLCONF="tests.stats.urls")
def test_the_page_and_the_api(board: dict[str, Any], client: Any, api_client: Any) -> None:
    reader = board["players"][0]
    reader.language = "de"
    reader.save()
    client.force_login(reader)
    page = client.get("/leaderboards/dominion/?page=2")
    html = page.content.decode()
    assert page.status_code == 200 and 'rel="prev"' in html and "rated0" in html and "Rangliste" in html
    title = html.split("<title>", 1)[1].split("</title>", 1)[0]
    assert title.startswith("Rangliste: Dominion") and "<" not in title  # the page's name, no markup
    assert client.get("/leaderboards/").status_code == 302
    assert client.get("/leaderboards/chess/").status_code == 404
    api = api_client(reader)
    answer = api.get("/api/stats/leaderboards/dominion?page=1")
    assert answer.status_code == 200 and len(answer.json()["entries"]) == PAGE_SIZE
    assert api.get("/api/stats/leaderboards/dominion?page=0").status_code == 400
    assert api.get("/api/stats/leaderboards/chess").json()["code"] == "no_leaderboard"


@override_settings(ROOT_URLCONF="tests.stats.urls")
@pytest.mark.parametrize("page", ["0", "-1", "x", "10000000000000000000000"])
def test_a_bad_page_is_a_400_that_says_why(page: str, make_user: Any, client: Any, api_client: Any) -> None:
    user = make_user()
    answer = api_client(user).get(f"/api/stats/leaderboards/dominion?page={page}")
    assert answer.status_code == 400 and answer.json()["code"]
    client.force_login(user)
    assert client.get(f"/leaderboards/dominion/?page={page}").status_code == 400
