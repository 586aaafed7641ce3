"""A player's numbers: they equal a recomputation from the logs, and each part shows only as the player's
privacy settings say (the player always sees their own)."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

import pytest
from django.test import override_settings

from dominion.cards import CARDS
from dominion.scoring import composition
from dominion.story_numbers import BASIC_CARDS
from games import services
from games.models import Command, Event, Game, Seat
from games.registry import get_kind
from ratings.profiles import update_privacy
from ratings.results import game_result
from stats.player_numbers import player_numbers

from .helpers import finished_game

pytestmark = pytest.mark.django_db


def _final_state(game: Game) -> Any:
    datas = Event.objects.filter(game=game).order_by("seq").values_list("data", flat=True)
    return get_kind(game.kind).fold(None, list(datas))


def _recomputed(user: Any, games: list[Game]) -> dict[tuple[str, int], dict[str, Any]]:
    """The numbers of `user` in these games, straight from their logs (places by the ratings' rule)."""
    found: dict[tuple[str, int], dict[str, Any]] = {}
    for game in games:
        seat = Seat.objects.get(game=game, user=user).index
        state = _final_state(game)
        place = game_result(game, state)[seat].place
        group = found.setdefault((game.kind, game.players), {"places": [], "waits": [], "favourites": Counter()})
        group["places"].append(place)
        events = dict(Event.objects.filter(game=game).values_list("seq", "created_at"))
        for first, moved in Command.objects.filter(game=game, user=user, by_service=False, first_seq__gt=1,
                                                   seat__isnull=False).values_list("first_seq", "created_at"):
            group["waits"].append((moved - events[first - 1]).total_seconds())
        if game.kind == "dominion":
            # Kingdom cards only: no basic card, Shelter (the start) or Ruins (an attack's gift).
            group["favourites"].update({c: n for c, n in composition(state, seat).items()
                                        if c not in BASIC_CARDS and not CARDS[c].types & {"ruins", "shelter"}})
        else:
            ends = [r["last"] for r in services.story_rounds(services.chapters(game)) if r["round"] > 0]
            datas = list(Event.objects.filter(game=game).order_by("seq").values_list("data", flat=True))
            for end in ends:
                group["favourites"].update(get_kind("citadels").fold(None, datas[:end]).chosen[seat])
    return found


def test_the_numbers_are_a_recomputation_from_the_logs(make_user: Any) -> None:
    alice, bruno, chloe = make_user("Alice"), make_user("Bruno"), make_user("Chloe")
    games = [finished_game([alice, bruno, chloe], "citadels", seed=21),
             finished_game([chloe, alice, bruno], "citadels", seed=22),
             finished_game([alice, bruno], "dominion", seed=23)]
    numbers = player_numbers(alice, alice)
    expected = _recomputed(alice, games)
    groups = {(k["kind"], g["players"]): g for k in numbers["kinds"] for g in k["groups"]}
    assert set(groups) == set(expected) == {("citadels", 3), ("dominion", 2)}
    for key, group in groups.items():
        places, waits = expected[key]["places"], expected[key]["waits"]
        assert group["games"] == len(places)
        assert group["wins"] == places.count(1)
        assert group["average_place"] == round(statistics.mean(places), 2)
        assert group["moves_timed"] == len(waits)
        assert group["median_seconds_to_move"] == round(statistics.median(waits), 1)
        assert group["average_seconds_to_move"] == round(statistics.mean(waits), 1)
        top = sorted(expected[key]["favourites"].items(), key=lambda item: (-item[1], item[0]))[:3]
        assert [(f["id"], f["count"]) for f in group["favourites"]] == top
    by_kind = {k["kind"]: k for k in numbers["kinds"]}
    (pace,) = by_kind["dominion"]["time_to_move_by_pace"]  # every game of the helper has the default time control
    assert pace["moves_timed"] == len(expected[("dominion", 2)]["waits"])
    assert len(by_kind["citadels"]["rating_history"]) == 2
    opponents = {row["name"]: row for row in by_kind["citadels"]["head_to_head"]}
    assert opponents["Bruno"]["games"] == 2
    assert opponents["Bruno"]["ahead"] + opponents["Bruno"]["behind"] + opponents["Bruno"]["level"] == 2


def test_each_part_shows_only_under_the_players_privacy(make_user: Any) -> None:
    alice, bruno, stranger = make_user("Alice"), make_user("Bruno"), make_user("Stranger")
    finished_game([alice, bruno], "dominion", seed=24)
    update_privacy(alice, show_record=False, show_games=False, show_reliability=False)
    seen = player_numbers(alice, stranger)
    assert seen["hidden"] == ["record", "time_to_move", "games"]
    dominion = next(k for k in seen["kinds"] if k["kind"] == "dominion")
    (group,) = dominion["groups"]
    assert group["games"] is group["wins"] is group["average_place"] is None
    assert group["median_seconds_to_move"] is group["favourites"] is None
    assert dominion["head_to_head"] is None and dominion["rating_history"] is not None
    assert dominion["time_to_move_by_pace"] is None
    own = next(k for k in player_numbers(alice, alice)["kinds"] if k["kind"] == "dominion")
    assert own["groups"][0]["games"] == 1 and own["head_to_head"] is not None
    # An opponent who hides their finished games is named in nobody's head-to-head.
    update_privacy(bruno, show_games=False)
    update_privacy(alice, show_games=True)
    assert next(k for k in player_numbers(alice, stranger)["kinds"] if k["kind"] == "dominion")["head_to_head"] == []
    assert [o["name"] for o in next(k for k in player_numbers(alice, bruno)["kinds"]
                                    if k["kind"] == "dominion")["head_to_head"]] == ["Bruno"]


def test_a_private_game_counts_only_for_those_who_sat_in_it(make_user: Any) -> None:
    alice, bruno, stranger = make_user(), make_user(), make_user()
    game = finished_game([alice, bruno], "dominion", seed=25)
    Game.objects.filter(pk=game.pk).update(listed=False)

    def games(viewer: Any) -> list[Any]:
        return next(k for k in player_numbers(alice, viewer)["kinds"] if k["kind"] == "dominion")["groups"]

    assert games(stranger) == [] and games(None) == []
    assert games(bruno)[0]["games"] == games(alice)[0]["games"] == 1


@override_settings(ROOT_URLCONF="tests.stats.urls")
def test_the_numbers_page_and_api(make_user: Any, client: Any, api_client: Any) -> None:
    alice, bruno = make_user("Alice", language="de"), make_user("Bruno")
    finished_game([alice, bruno], "dominion", seed=26)
    client.force_login(alice)
    page = client.get(f"/players/{alice.pk}/numbers", HTTP_ACCEPT_LANGUAGE="de")
    html = page.content.decode()
    assert page.status_code == 200 and "<svg" in html and "Bruno" in html and "Lieblingskarten" in html
    answer = api_client(bruno).get(f"/api/stats/players/{alice.pk}/")
    assert answer.status_code == 200 and answer.json()["kinds"]
    assert api_client(bruno).get("/api/stats/players/999999/").status_code == 404
