"""The lobby: open games with their players' rating and reliability, pace, options and opening time;
filters by game and pace (page and API); a game's least rating or reliability refuses a join, saying why,
with nothing written."""

from __future__ import annotations

from typing import Any

import pytest

from citadels.cards import BASE_PURPLE
from games import services
from games.models import Command, Game, Seat
from ratings.models import ProfilePrivacy, Rating

pytestmark = pytest.mark.django_db
RANKS = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def open_games(make_user: Any) -> dict[str, Game]:
    host = make_user("Host")
    Rating.objects.create(user=host, kind="citadels", mu=30.0, sigma=5.0, games=3)  # displayed 15.0
    return {
        "citadels-fast": services.create_game(host, "citadels", 4, time_control={"decision_hours": 12}),
        "citadels-slow": services.create_game(host, "citadels", 4, time_control={"decision_hours": 120}),
        "dominion-normal": services.create_game(host, "dominion", 3, time_control={"decision_hours": 48}),
    }


@pytest.mark.parametrize(("query", "expected"), [
    ("", {"citadels-fast", "citadels-slow", "dominion-normal"}),
    ("kind=citadels", {"citadels-fast", "citadels-slow"}),
    ("pace=fast", {"citadels-fast"}),
    ("pace=normal", {"dominion-normal"}),
    ("kind=citadels&pace=slow", {"citadels-slow"}),
    ("kind=dominion&pace=fast", set()),
])
def test_the_filters_on_the_page_and_in_the_api(make_user: Any, api_client: Any, client: Any, query: str,
                                                expected: set[str]) -> None:
    games = open_games(make_user)
    viewer = make_user("Viewer")
    answer = api_client(viewer).get(f"/api/games/?status=open&{query}")
    assert answer.status_code == 200
    by_id = {game.pk: name for name, game in games.items()}
    assert {by_id[g["id"]] for g in answer.json()["results"]} == expected
    client.force_login(viewer)
    page = client.get(f"/?{query}").content.decode()
    listed = page[page.index('id="open-title"'):]
    for name, game in games.items():
        assert (f'data-game="{game.pk}"' in listed) == (name in expected), name


def test_the_listing_shows_players_figures_pace_and_options(make_user: Any, api_client: Any, client: Any) -> None:
    games = open_games(make_user)
    viewer = make_user("Viewer")
    game = games["citadels-fast"]
    found = next(g for g in api_client(viewer).get("/api/games/?status=open").json()["results"] if g["id"] == game.pk)
    assert found["seated_players"] == [{"user": game.created_by_id, "display_name": "Host", "rating": 15.0,
                                        "reliability": None}]  # no move yet
    assert found["time_control"]["decision_hours"] == 12 and found["rated"] is True
    assert found["created_at"] and "options" in found
    client.force_login(viewer)
    page = client.get("/").content.decode()
    assert f'<a href="/players/{game.created_by_id}/">Host</a>:' in page and "rating 15.0" in page and "12 hours for each decision" in page and "opened" in page
    ProfilePrivacy.objects.create(user=game.created_by, show_rating=False)
    found = next(g for g in api_client(viewer).get("/api/games/?status=open").json()["results"] if g["id"] == game.pk)
    assert found["seated_players"][0]["rating"] is None
    assert "rating 15.0" not in client.get("/").content.decode()


def test_bad_filters_are_refused(make_user: Any, api_client: Any, client: Any) -> None:
    viewer = make_user()
    for query in ("pace=lightning", "kind=chess"):
        answer = api_client(viewer).get(f"/api/games/?{query}")
        assert answer.status_code == 400 and {"code", "message"} <= set(answer.json())
    client.force_login(viewer)
    assert client.get("/?pace=lightning").status_code == 200  # the form shows the error, every game listed


def test_a_least_rating_refuses_a_join_saying_why(make_user: Any, api_client: Any, client: Any) -> None:
    host, newcomer, strong = make_user(), make_user(), make_user()
    Rating.objects.create(user=strong, kind="citadels", mu=35.0, sigma=4.0, games=9)  # displayed 23.0
    game = services.create_game(host, "citadels", 4, min_rating=10)
    answer = api_client(newcomer).post(f"/api/games/{game.pk}/join")
    assert answer.status_code == 403
    assert answer.json()["code"] == "rating_too_low" and "10.0" in answer.json()["message"]
    client.force_login(newcomer)
    page = client.post(f"/games/{game.pk}/join")
    assert page.status_code == 403 and "asks for a rating of 10.0 at least" in page.content.decode()
    assert list(Seat.objects.filter(game=game).values_list("user_id", flat=True)) == [host.pk]  # nothing written
    assert api_client(strong).post(f"/api/games/{game.pk}/join").status_code == 200


def test_a_least_reliability_refuses_a_join_saying_why(make_user: Any, api_client: Any) -> None:
    host, late, newcomer = make_user(), make_user(), make_user()
    other = services.create_game(host, "citadels", 2)
    services.join_game(late, other.pk)
    services.start_game(host, other.pk)
    for n, by_service in enumerate((False, True, True, True)):  # one move of four made in time
        Command.objects.create(game=other, user=late, seat=0, idempotency_key=f"k{n}", command={}, first_seq=1,
                               last_seq=1, by_service=by_service)
    game = services.create_game(host, "dominion", 3, min_reliability=50)
    answer = api_client(late).post(f"/api/games/{game.pk}/join")
    assert answer.status_code == 403
    assert answer.json()["code"] == "reliability_too_low" and "you made 25 percent" in answer.json()["message"]
    assert Seat.objects.filter(game=game).count() == 1
    assert api_client(newcomer).post(f"/api/games/{game.pk}/join").status_code == 200  # no move yet: nothing missed


@pytest.mark.parametrize("body", [
    {"min_rating": 1000}, {"min_rating": False}, {"min_rating": "5"}, {"min_reliability": 101},
    {"min_reliability": 2.5}, {"min_reliability": "50"}, {"rated": "yes"},
])
def test_bad_limits_are_refused_with_nothing_written(make_user: Any, api_client: Any, body: dict[str, Any]) -> None:
    host = make_user()
    answer = api_client(host).post("/api/games/", {"kind": "citadels", "players": 4, **body}, format="json")
    assert answer.status_code == 400 and {"code", "message"} <= set(answer.json())
    assert not Game.objects.exists()


def test_the_new_game_form_takes_the_limits_and_unrated(make_user: Any, client: Any) -> None:
    host = make_user()
    client.force_login(host)
    form: dict[str, Any] = {"kind": "citadels", "players": "4", "decision_hours": "72", "reminder_hours": "24",
                            "timeout_policy": "bot", "listed": "on", "min_rating": "5", "min_reliability": "80",
                            "citadels__edition": "2012", "citadels__purple": list(BASE_PURPLE)}
    form.update({f"citadels__character_{i + 1}": c for i, c in enumerate(RANKS)})
    assert client.post("/games/new/", form).status_code == 302
    game = Game.objects.get()
    assert (game.rated, game.min_rating, game.min_reliability) == (False, 5.0, 80)
    bad = client.post("/games/new/", {**form, "min_reliability": "120"})
    assert bad.status_code == 400 and Game.objects.count() == 1
    assert 'id="id_min_reliability"' in bad.content.decode() and "aria-invalid" in bad.content.decode()


def test_the_waiting_room_tells_the_rating_and_the_limits(make_user: Any, client: Any) -> None:
    host = make_user()
    game = services.create_game(host, "citadels", 4, rated=False, min_rating=2.5, min_reliability=90)
    client.force_login(make_user())
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "<li>unrated</li>" in page and "a rating of 2.5 at least" in page and "a reliability of 90% at least" in page
