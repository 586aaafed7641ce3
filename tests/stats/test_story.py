"""A game's story in pictures: its numbers equal a recomputation from the log's states, a running game's show no
hidden character, and the page draws them without JavaScript in both languages."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

from citadels.scoring import score
from dominion.scoring import composition
from dominion.scoring import score as dominion_score
from games import services
from games.models import Event, Game
from games.registry import get_kind
from stats.story import story_charts, story_numbers

from .helpers import finished_game, partly_played

pytestmark = pytest.mark.django_db


def _states_at(game: Game, ends: list[int]) -> list[Any]:
    """The full states after each of these events, folded from the log from the start each time."""
    kind = get_kind(game.kind)
    datas = list(Event.objects.filter(game=game).order_by("seq").values_list("data", flat=True))
    return [kind.fold(None, datas[:end]) for end in ends]


def _round_ends(game: Game) -> list[int]:
    return [r["last"] for r in services.story_rounds(services.chapters(game)) if r["round"] > 0]


def test_citadels_numbers_are_the_scores_and_characters_of_each_round(make_user: Any) -> None:
    game = finished_game([make_user(), make_user(), make_user()], "citadels", seed=11)
    found = story_numbers(game, None)
    assert found is not None and found["hands_open"]
    rounds = found["numbers"]["rounds"]
    states = _states_at(game, _round_ends(game))
    assert [r["round"] for r in rounds] == [s.round for s in states]
    for numbers, state in zip(rounds, states, strict=True):
        for seat, player in enumerate(state.players):
            expected = score(state, player)
            assert numbers["seats"][seat]["total"] == expected["total"]
            assert numbers["seats"][seat]["districts"] == expected["districts"]
            assert sorted(numbers["seats"][seat]["characters"]) == sorted(state.chosen[seat])
    final = get_kind("citadels").rules.scores(states[-1])
    assert [s["total"] for s in rounds[-1]["seats"]] == list(final)


def test_dominion_numbers_are_the_points_and_decks_after_each_turn(make_user: Any) -> None:
    game = finished_game([make_user(), make_user()], "dominion", seed=12)
    found = story_numbers(game, None)
    assert found is not None
    turns = found["numbers"]["turns"]
    chapters = [c for c in services.chapters(game) if c["chapter"]["turn"] > 0]
    states = _states_at(game, [c["last"] for c in chapters])
    assert [t["turn"] for t in turns] == [c["chapter"]["turn"] for c in chapters]
    for numbers, state in zip(turns, states, strict=True):
        assert numbers["points"] == [s["total"] for s in dominion_score(state)]
        assert numbers["decks"] == [dict(composition(state, seat)) for seat in range(2)]


def test_a_running_game_shows_no_character_its_table_hides(make_user: Any) -> None:
    users = [make_user(), make_user(), make_user(), make_user()]
    def hiding(state: Any) -> bool:  # two seats' characters chosen and not revealed yet: one is another's
        revealed = {character for _seat, character in state.revealed}
        return state.phase == "turns" and sum(1 for held in state.chosen if set(held) - revealed) >= 2

    game = partly_played(users, "citadels", seed=13, commands=120, until=hiding)
    ends = _round_ends(game)
    states = _states_at(game, ends)
    for reader in (None, users[0]):
        own_seat = None if reader is None else services.seat_of(game, reader)
        found = story_numbers(game, reader)
        assert found is not None and not found["hands_open"]
        rounds = found["numbers"]["rounds"]
        assert len(rounds) == len(states) >= 2
        hidden_somewhere = False
        for numbers, state in zip(rounds, states, strict=True):
            revealed = {(seat, character) for seat, character in state.revealed}
            for seat in range(4):
                shown = set(numbers["seats"][seat]["characters"])
                if seat == own_seat:
                    assert shown == set(state.chosen[seat])
                else:
                    assert shown == {c for s, c in revealed if s == seat}
                    hidden_somewhere |= shown != set(state.chosen[seat])
        assert hidden_somewhere


@override_settings(ROOT_URLCONF="tests.stats.urls")
def test_the_story_page_draws_the_charts_with_their_tables(make_user: Any, client: Any) -> None:
    alice = make_user("Alice", language="de")
    game = finished_game([alice, make_user("Bruno")], "dominion", seed=14)
    page = client.get(f"/games/{game.pk}/story")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count("<svg") == 3 and "<table>" in html and "<script" not in html.split("<main", 1)[-1].split("</main>")[0]
    assert "Victory points by turn" in html and "Alice" in html and "Bruno" in html
    fragment = client.get(f"/games/{game.pk}/story?fragment=1&at=10")
    assert fragment.status_code == 200 and "<html" not in fragment.content.decode()
    client.force_login(alice)
    german = client.get(f"/games/{game.pk}/story", HTTP_ACCEPT_LANGUAGE="de")
    assert "Siegpunkte" in german.content.decode()


@override_settings(ROOT_URLCONF="tests.stats.urls")
def test_a_private_game_has_no_story_for_others(make_user: Any, client: Any, api_client: Any) -> None:
    alice, bruno, stranger = make_user(), make_user(), make_user()
    game = finished_game([alice, bruno], "dominion", seed=15)
    Game.objects.filter(pk=game.pk).update(listed=False)
    assert api_client(stranger).get(f"/api/stats/games/{game.pk}/story").status_code == 404
    answer = api_client(alice).get(f"/api/stats/games/{game.pk}/story")
    assert answer.status_code == 200 and answer.json()["numbers"]["turns"]
    past_the_end = api_client(alice).get(f"/api/stats/games/{game.pk}/story?at=99999")
    assert past_the_end.status_code == 200 and past_the_end.json() == answer.json()
    assert api_client(alice).get(f"/api/stats/games/{game.pk}/story?at=0").status_code == 400
    client.force_login(stranger)
    assert client.get(f"/games/{game.pk}/story").status_code == 404


def test_every_chart_has_a_table_row_per_series(make_user: Any) -> None:
    game = finished_game([make_user(), make_user(), make_user()], "citadels", seed=16)
    charts = story_charts(game, None)
    assert [c["type"] for c in charts] == ["lines", "grid"]
    for chart in charts:
        assert len(chart["table"]["rows"]) == len(chart.get("series") or chart["rows"])
        assert str(chart["svg"]).startswith("<svg") and chart["title"] in str(chart["svg"])


def test_the_template_tag_draws_the_charts_for_the_request_user(make_user: Any, rf: Any) -> None:
    from django.contrib.auth.models import AnonymousUser
    from django.template import Context, Template

    game = finished_game([make_user(), make_user()], "dominion", seed=17)
    request = rf.get("/")
    request.user = AnonymousUser()
    html = Template("{% load stats_story %}{% story_charts game %}").render(Context({"request": request, "game": game}))
    assert html.count("<svg") == 3 and html.count("<table>") == 3
    step = Template("{% load stats_story %}{% story_charts game 2 %}").render(Context({"request": request, "game": game}))
    assert "<svg" not in step  # before the first turn has ended there is nothing to draw


@override_settings(ROOT_URLCONF="tests.stats.urls")
def test_the_table_shows_a_finished_games_pictures_and_links_a_running_ones(make_user: Any, client: Any) -> None:
    alice, bruno = make_user(), make_user()
    finished = finished_game([alice, bruno], "dominion", seed=18)
    running = partly_played([make_user(), make_user()], "dominion", seed=19, commands=30)
    client.force_login(alice)
    page = client.get(f"/games/{finished.pk}/").content.decode()
    assert page.count('<figure class="story-chart"') == 3 and "<svg" in page
    replay = client.get(f"/games/{finished.pk}/?at=3").content.decode()
    assert "story-charts" not in replay  # no turn had ended at step 3
    table = client.get(f"/games/{running.pk}/").content.decode()
    assert f'href="/games/{running.pk}/story"' in table and "<svg" not in table
