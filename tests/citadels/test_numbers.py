"""Numbers to decide with (issue 20): the gold each legal command moves, quoted in the deciding seat's view,
is what the rules then take or give; every player's score so far is the end's scoring of the city as it
stands, from public facts only."""

from __future__ import annotations

import random
from dataclasses import replace

from citadels import RULES
from citadels.bots import heuristic_bot
from citadels.numbers import scores_so_far
from citadels.scoring import score
from citadels.simulate import play
from citadels.state import Built

from .scenario import Table, drafted, of_type
from .test_characters import FACE_UP, warlord_table


def _quote(view: dict, command: dict) -> int:
    return next(q["gold"] for q in view["gold_quotes"] if q["command"] == command)


def test_every_destroy_is_quoted_at_the_price_the_warlord_pays() -> None:
    table = warlord_table()
    table.set(3, gold=9)
    table.set(1, city=["castle", "temple", "great_wall"])  # the Great Wall: 1 more for each district
    table.set(2, city=["palace", "watchtower"])
    view = table.view(3)
    destroys = [c for c in table.legal() if c["type"] == "destroy"]
    assert {(c["seat"], c["district"]) for c in destroys} >= {(1, "castle"), (2, "watchtower"), (2, "palace")}
    before = table.state
    for command in destroys:
        table.state = before
        events = table.do(command)
        paid = of_type(events, "district_destroyed")[0].public["cost"]
        assert _quote(view, command) == -paid == table.gold(3) - 9, command
    assert _quote(view, {"type": "destroy", "seat": 2, "district": "watchtower"}) == 0
    assert _quote(view, {"type": "destroy", "seat": 1, "district": "castle"}) == -4


def _kings_turn() -> Table:
    """Seat 0 holds the King, called after the Thief of seat 1."""
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    table.end()
    assert table.seat == 0 and table.state.turn.character == "king"
    return table


def test_collect_income_is_quoted_at_the_income_it_brings() -> None:
    table = _kings_turn()
    table.set(0, city=["manor", "castle", "temple", "school_of_magic"])
    view = table.view(0)
    assert _quote(view, {"type": "collect_income"}) == 3  # two yellow and the School of Magic
    events = table.do("collect_income")
    assert of_type(events, "income_collected")[0].public["amount"] == 3


def test_builds_are_quoted_at_their_price_and_quotes_are_the_deciders_alone() -> None:
    table = _kings_turn()
    table.set(0, gold=9, hand=["palace", "temple", "smithy", "manor"], city=["factory"])
    table.income()
    view = table.view(0)
    assert _quote(view, {"type": "build", "district": "palace"}) == -5
    assert _quote(view, {"type": "build", "district": "smithy"}) == -4  # the Factory: 1 off other purples
    for other in (1, 2, 3, None):
        assert "gold_quotes" not in table.view(other)


def test_scores_so_far_are_the_end_scoring_of_the_cities_as_they_stand() -> None:
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    table.set(0, city=["manor", "temple", "tavern", "watchtower", "haunted_city"], built_round=0)
    table.set(1, gold=4, city=["imperial_treasury", "map_room", "castle"])
    table.set(2, city=["palace"])
    for seat in (0, 1, 2, None):
        players = table.view(seat)["players"]
        assert [p["score"] for p in players] == [dict(score(table.state, p)) for p in table.state.players]
    players = table.view(None)["players"]
    assert players[0]["score"]["colours"] == 3  # the Haunted City stands for the purple's missing colour
    assert players[1]["score"]["extras"] == 4 + 4  # Imperial Treasury: gold; Map Room: cards in hand
    assert players[2]["score"]["total"] == 5


def test_a_score_so_far_counts_the_hand_by_its_size_only() -> None:
    """Privacy: a Map Room counts the cards in hand, not which they are: two hands of one size give the same
    views to the other seats and spectators."""
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    table.set(1, hand=["palace", "cathedral", "fortress", "town_hall"], city=["map_room"])
    views = [table.view(s) for s in (0, 2, None)]
    table.set(1, hand=["tavern", "temple", "market", "manor"])
    assert [table.view(s) for s in (0, 2, None)] == views


def test_a_finished_games_scores_so_far_are_its_final_scores() -> None:
    for seed in (3, 4):
        state, _ = play([heuristic_bot] * 4, random.Random(seed))
        view = RULES.view(state, None)
        assert [p["score"] for p in view["players"]] == view["scores"]


def test_scores_so_far_follow_the_round_and_are_copies() -> None:
    """The scores are computed once per holdings (a cache): the same city scores anew when the round moves
    on (a Haunted City stands for a missing colour only after the round it was built in), and a view's
    score is its own (changing it changes no other view)."""
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    table.set(0, city=["manor", "temple", "tavern", "smithy"])  # no red
    player = table.state.players[0]
    city = (*player.city, Built("haunted_city", table.state.round))
    state = replace(table.state, players=(player._replace(city=city), *table.state.players[1:]))
    assert scores_so_far(state)[0]["colours"] == 0  # built this round: no wildcard yet
    later = replace(state, round=state.round + 1)
    assert later.players[0].city is city
    assert scores_so_far(later)[0]["colours"] == 3
    first = RULES.view(later, None)
    first["players"][0]["score"]["total"] = -1
    assert RULES.view(later, None)["players"][0]["score"] == scores_so_far(later)[0] == score(later, later.players[0])
