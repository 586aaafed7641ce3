"""Numbers to decide with (issue 20): each player's victory points and deck composition in every view are
the end's scoring and the cards the player owns, and tell nothing of where those cards lie."""

from __future__ import annotations

import random
from collections import Counter

from dominion import RULES
from dominion.engine import BOTS
from dominion.scoring import score
from dominion.simulate import play
from dominion.state import owned

from .table import Table


def _numbers(t: Table, seat: int | None) -> list[tuple[int, dict[str, int]]]:
    return [(p["victory_points"], p["composition"]) for p in RULES.view(t.state, seat)["players"]]


def test_victory_points_and_composition_count_every_owned_card() -> None:
    t = Table("gardens", "feodum", hand=["copper"] * 5, deck=["estate"] * 3 + ["silver"] * 2)
    t.put(0, "discard", "province", "duchy", "gardens", "feodum", "silver", "curse")
    # 13 cards + 3 Silvers: Gardens 1 (16 cards), Feodum 1 (3 Silvers), Province 6, Duchy 3, 3 Estates, a Curse
    expected = {"copper": 5, "curse": 1, "duchy": 1, "estate": 3, "feodum": 1, "gardens": 1, "province": 1,
                "silver": 3}
    for seat in (0, 1, None):
        points, composition = _numbers(t, seat)[0]
        assert composition == expected
        assert points == 1 + 1 + 6 + 3 + 3 - 1 == score(t.state)[0]["total"]
    assert _numbers(t, None)[1] == (0, {"copper": 7, "hovel": 1, "necropolis": 1, "overgrown_estate": 1})


def test_the_numbers_follow_a_buy_and_the_cards_in_play() -> None:
    t = Table("village", hand=["copper"] * 5, deck=["copper"] * 2 + ["estate"] * 3)
    t.do("play_treasures")
    t.do("buy", card="duchy")
    points, composition = _numbers(t, 1)[0]
    assert points == 3 + 3 and composition == {"copper": 7, "duchy": 1, "estate": 3}


def test_the_numbers_say_nothing_of_where_the_cards_lie() -> None:
    """Privacy: the same cards, another split between hand and deck, give the other seat and a spectator the
    same numbers (only the sizes of hand and deck are public, and they are equal here)."""
    a = Table("village", hand=["gold", "province", "copper", "copper", "copper"],
              deck=["copper"] * 4 + ["estate"])
    b = Table("village", hand=["copper", "copper", "copper", "copper", "estate"],
              deck=["gold", "province", "copper", "copper", "copper"])
    for seat in (1, None):
        assert _numbers(a, seat) == _numbers(b, seat)
        view_a, view_b = RULES.view(a.state, seat), RULES.view(b.state, seat)
        assert view_a == view_b


def test_in_bot_games_the_numbers_are_the_final_scores_and_what_each_player_owns() -> None:
    for seed in (1, 2):
        state, _ = play([BOTS["heuristic"]] * 3, random.Random(seed))
        view = RULES.view(state, None)
        assert [p["victory_points"] for p in view["players"]] == [s["total"] for s in view["scores"]]
        for seat, player in enumerate(view["players"]):
            assert player["composition"] == dict(Counter(state.names[c] for c in owned(state, seat)))
