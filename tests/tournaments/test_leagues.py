"""Leagues: the next season's groups from a finished season's standings (promotion, relegation)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.leagues import next_season, snake


def test_the_best_go_up_and_the_last_go_down() -> None:
    season = [[[1, 2, 3, 4]], [[5, 6, 7, 8]]]
    assert next_season(season, promote=1, relegate=1) == [[[1, 2, 3, 5]], [[4, 6, 7, 8]]]


def test_groups_are_dealt_in_snake_order_and_leavers_and_newcomers_are_taken() -> None:
    assert snake([1, 2, 3, 4, 5, 6], 3) == [[1, 6], [2, 5], [3, 4]]
    season = [[[1, 2, 3]], [[4, 5, 6], [7, 8, 9]]]
    nxt = next_season(season, promote=1, relegate=2, leaving={9}, newcomers=[10])
    assert sorted(nxt[0][0]) == [1, 4, 7]
    assert sorted(p for g in nxt[1] for p in g) == [2, 3, 5, 6, 8, 10]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 3), min_size=1, max_size=4), st.integers(4, 8), st.integers(0, 2), st.integers(0, 2))
def test_nobody_is_lost_or_doubled(groups_per_tier: list[int], size: int, up: int, down: int) -> None:
    counter = iter(range(10_000))
    season = [[[next(counter) for _ in range(size)] for _ in range(groups)] for groups in groups_per_tier]
    nxt = next_season(season, up, down)
    before = sorted(p for tier in season for g in tier for p in g)
    after = sorted(p for tier in nxt for g in tier for p in g)
    assert before == after
    assert [len(t) for t in nxt] == groups_per_tier
    for level, tier in enumerate(nxt):  # a player moves one tier at most
        for group in tier:
            for p in group:
                old = next(i for i, t in enumerate(season) for g in t if p in g)
                assert abs(old - level) <= 1
