"""Profiles: the page and the API show a player's record, ratings, reliability and finished games; each
privacy setting hides what it names from others (the player still sees it); reliability counts match the
deadlines' records."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games import hooks, services, store
from games.deadlines import sweep
from games.models import Command, Game, Seat, SeatPresence
from games.registry import get_kind
from ratings.models import MissedDeadline, ProfilePrivacy, Rating

from .helpers import open_game, play_to_end

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PARTS = {"record": "record", "rating": "ratings", "reliability": "reliability", "games": "finished_games"}


@pytest.fixture
def finished(make_user: Any) -> tuple[list[Any], Game]:
    users = [make_user("Ada"), make_user("Bob")]
    return users, play_to_end(open_game(users), seed=3)


def test_the_profile_shows_everything_by_default(finished: tuple[list[Any], Game], api_client: Any, client: Any) -> None:
    (ada, bob), game = finished
    answer = api_client(bob).get(f"/api/players/{ada.pk}/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["display_name"] == "Ada" and body["hidden"] == []
    citadels = next(row for row in body["record"] if row["kind"] == "citadels")
    place = body["finished_games"][0]["place"]
    assert citadels == {"kind": "citadels", "played": 1, "won": int(place == 1), "running": 0}
    rating = Rating.objects.get(user=ada, kind="citadels")
    assert body["ratings"] == [{"kind": "citadels", "rating": round(rating.mu - 3 * rating.sigma, 2), "mu": rating.mu,
                                "sigma": rating.sigma, "games": 1}]
    assert body["finished_games"] == [{"game": game.pk, "kind": "citadels", "place": place, "players": 2,
                                       "rated": True, "finished_at": body["finished_games"][0]["finished_at"]}]
    assert body["reliability"]["share"] == 100 and body["reliability"]["missed_last_90_days"] == 0
    assert body["reliability"]["median_seconds_to_move"] is not None

    client.force_login(bob)
    page = client.get(f"/players/{ada.pk}/").content.decode()
    assert "Ada" in page and f'href="/games/{game.pk}/?at=1"' in page
    assert "100% of the moves made before the deadline" in page


@pytest.mark.parametrize("flag", list(PARTS))
def test_each_privacy_setting_hides_what_it_names(finished: tuple[list[Any], Game], api_client: Any, client: Any,
                                                  flag: str) -> None:
    (ada, bob), game = finished
    answer = api_client(ada).patch("/api/players/me/privacy", {f"show_{flag}": False}, format="json")
    assert answer.status_code == 200 and answer.json()[f"show_{flag}"] is False
    seen = api_client(bob).get(f"/api/players/{ada.pk}/").json()
    assert seen["hidden"] == [flag]
    for name, part in PARTS.items():
        assert (seen[part] is None) == (name == flag), part
    own = api_client(ada).get(f"/api/players/{ada.pk}/").json()
    assert own["hidden"] == [flag] and own[PARTS[flag]] is not None  # the player still sees it

    client.force_login(bob)
    page = client.get(f"/players/{ada.pk}/").content.decode()
    assert page.count("Kept private.") == 1
    shown = {"record": "<th scope=\"row\">Citadels</th>", "rating": "after 1 rated game",
             "reliability": "of the moves made before the deadline", "games": "?at=1"}
    for name, text in shown.items():
        assert (text in page) == (name != flag), name
    facts = hooks.player_facts("citadels", [ada.pk])[ada.pk]
    assert (facts.rating is None) == (flag == "rating")
    assert (facts.reliability is None) == (flag == "reliability")


def test_the_privacy_settings_page_section(make_user: Any, client: Any) -> None:
    ada = make_user("Ada")
    client.force_login(ada)
    assert "Your public profile" in client.get("/settings/").content.decode()
    answer = client.post("/settings/", {"part": "profile_privacy", "show_record": "on", "show_games": "on"})
    assert answer.status_code == 302
    privacy = ProfilePrivacy.objects.get(user=ada)
    assert (privacy.show_record, privacy.show_rating, privacy.show_reliability, privacy.show_games) == (True, False, False, True)


@pytest.mark.parametrize("body", [{"show_rating": "no"}, {"show_everything": False}, ["show_rating"]])
def test_bad_privacy_input_is_refused_and_changes_nothing(make_user: Any, api_client: Any, body: Any) -> None:
    ada = make_user()
    answer = api_client(ada).patch("/api/players/me/privacy", body, format="json")
    assert answer.status_code == 400 and {"code", "message"} <= set(answer.json())
    assert not ProfilePrivacy.objects.exists()


@pytest.mark.parametrize("user_id", ["999999", "99999999999999999999"])
def test_an_unknown_player_is_a_404(make_user: Any, api_client: Any, client: Any, user_id: str) -> None:
    ada = make_user()
    answer = api_client(ada).get(f"/api/players/{user_id}/")
    assert answer.status_code == 404 and answer.json()["code"] == "player_not_found"
    client.force_login(ada)
    assert client.get(f"/players/{user_id}/").status_code == 404


def test_private_games_stay_off_a_strangers_view_of_the_profile(make_user: Any, api_client: Any) -> None:
    ada, bob, carl = make_user(), make_user(), make_user()
    game = services.create_game(ada, "citadels", 2, listed=False)
    services.join_game(bob, game.pk, invited=True)
    services.start_game(ada, game.pk)
    game.refresh_from_db()
    play_to_end(game, seed=3)
    assert api_client(carl).get(f"/api/players/{ada.pk}/").json()["finished_games"] == []
    assert [g["game"] for g in api_client(bob).get(f"/api/players/{ada.pk}/").json()["finished_games"]] == [game.pk]


def test_reliability_counts_match_the_deadline_records(make_user: Any, api_client: Any) -> None:
    users = [make_user() for _ in range(3)]
    with time_machine.travel(T0, tick=False):
        game = open_game(users, time_control={"decision_hours": 24, "reminder_hours": 2})
        seat = game.awaiting[0]
        player = {s.index: s.user for s in Seat.objects.filter(game=game)}[seat]
        command = get_kind(game.kind).rules.legal_commands(store.load_state(game), seat)[0]
        services.execute(player, game.pk, command, idempotency_key="own-move")
    for day in range(1, 5):  # four deadlines pass, a day apart
        with time_machine.travel(T0 + timedelta(days=day, hours=1), tick=False):
            sweep.enforce_due_deadlines()
    records = {(r.seat): r.total_timeouts for r in SeatPresence.objects.filter(game=game)}
    assert sum(records.values()) > 0
    for user in users:
        index = Seat.objects.get(game=game, user=user).index
        assert MissedDeadline.objects.filter(user=user).count() == records.get(index, 0)
    with time_machine.travel(T0 + timedelta(days=5), tick=False):
        body = api_client(player).get(f"/api/players/{player.pk}/").json()["reliability"]
    own = Command.objects.filter(user=player, by_service=False).count()
    service = Command.objects.filter(user=player, by_service=True).count()
    assert (body["own_moves"], body["service_moves"]) == (own, service) and service > 0
    assert body["share"] == round(100 * own / (own + service))
    assert body["missed_last_90_days"] == records[seat]
    laziest = max(users, key=lambda user: MissedDeadline.objects.filter(user=user).count())
    with time_machine.travel(T0 + timedelta(days=93), tick=False):  # the first two days are more than 90 days ago
        later = api_client(player).get(f"/api/players/{laziest.pk}/").json()["reliability"]
    recent = MissedDeadline.objects.filter(user=laziest, missed_at__gt=T0 + timedelta(days=3)).count()
    assert later["missed_last_90_days"] == recent < MissedDeadline.objects.filter(user=laziest).count()
