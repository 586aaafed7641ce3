"""The whole story of a Dominion game on its page and through the API (issue 20): turns gathered in rounds,
paged by rounds as on the table, each player's own view of every page, and every hand open (the API's
`hands`) only after the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dominion import RULES
from games import services
from games.models import Event, Game
from tests.dominion.site.conftest import stacked_game
from tests.games.story_helpers import in_round, play_bots, round_titles

pytestmark = pytest.mark.django_db


@pytest.fixture
def dominion_in_round_4(make_user: Any) -> tuple[Game, dict[int, Any]]:
    """A 2-player Dominion game played by the bots into its fourth round."""
    game, seats = stacked_game([make_user("Anna", language="en"), make_user("Ben", language="en")])
    play_bots(game, in_round(4), random.Random(2))
    return game, seats


def test_the_dominion_table_shows_turns_in_the_last_two_rounds(client: Any, dominion_in_round_4: Any) -> None:
    game, seats = dominion_in_round_4
    client.force_login(seats[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert round_titles(page) == ["Round 3", "Round 4"]
    whose = {c["chapter"]["turn"]: c["chapter"]["seat"] for c in services.chapters(game) if c["chapter"]["turn"]}
    names = {0: f"{seats[0].display_name} (you)", 1: seats[1].display_name}
    assert f"Turn 5: {names[whose[5]]}" in page and f"Turn 6: {names[whose[6]]}" in page
    assert "bought and gained" in page and "All decisions are made" not in page and "Buy phase" not in page
    older = client.get(f"/games/{game.pk}/history?before=3").content.decode()
    assert round_titles(older) == ["Setup", "Round 1", "Round 2"]
    # The other player's hand, drawn in the setup, is a count on the player's pages, never names.
    assert f"{names[1]} drew 5 cards." in older and f"{names[0]} drew" in older


def test_the_api_pages_the_story_by_rounds_as_the_caller_may_see_it(api_client: Any, make_user: Any,
                                                                      dominion_in_round_4: Any) -> None:
    game, seats = dominion_in_round_4
    anna = api_client(seats[0])
    newest = anna.get(f"/api/games/{game.pk}/history")
    assert newest.status_code == 200, newest.content
    body = newest.json()
    assert [r["round"] for r in body["rounds"]] == [3, 4] and body["earlier"] == 3
    assert body["rounds"][-1]["last"] == game.version == body["version"]
    older = anna.get(f"/api/games/{game.pk}/history", {"before_round": body["earlier"]}).json()
    assert [r["round"] for r in older["rounds"]] == [0, 1, 2] and older["earlier"] is None
    seqs = [e["seq"] for page in (older, body) for r in page["rounds"] for c in r["chapters"] for e in c["events"]]
    assert seqs == list(range(1, game.version + 1)), "every event once, nothing hidden from its own player"
    # Each event as Anna may see it: Ben's drawn cards are a count.
    draws = {e.seq: RULES.decode(e.data) for e in Event.objects.filter(game=game, type="drew")}
    for page in (older, body):
        for event in (e for r in page["rounds"] for c in r["chapters"] for e in c["events"]):
            if event["seq"] in draws:
                assert event["data"] == RULES.redact(draws[event["seq"]], 0)
    # A replay's step cuts the story there; bad numbers are a 400 of the usual shape.
    cut = anna.get(f"/api/games/{game.pk}/history", {"at": 20}).json()
    assert cut["version"] == 20 and cut["rounds"][-1]["last"] == 20
    bad = anna.get(f"/api/games/{game.pk}/history", {"before_round": -1})
    assert bad.status_code == 400 and {"code", "message"} <= set(bad.json())
    assert anna.get(f"/api/games/{game.pk}/history", {"at": game.version + 1}).status_code == 400


def test_every_hand_opens_through_the_api_only_after_the_end(api_client: Any, make_user: Any,
                                                             dominion_in_round_4: Any) -> None:
    game, seats = dominion_in_round_4
    onlooker = api_client(make_user("Cleo"))
    running = onlooker.get(f"/api/games/{game.pk}/hands", {"at": 5})
    assert running.status_code == 403 and running.json()["code"] == "game_not_over"
    assert "views" not in running.json()
    play_bots(game, lambda g: False, random.Random(4))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    opened = onlooker.get(f"/api/games/{game.pk}/hands", {"at": 5}).json()
    assert opened["version"] == 5 and [v["seat"] for v in opened["views"]] == [0, 1]
    assert all(v["hand"] for v in opened["views"])
    assert services.open_views(game, 5)[1]["hand"] == opened["views"][1]["hand"]
