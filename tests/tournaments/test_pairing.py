"""The pairings: pure functions of the standings and a seeded random source (unit and property tests)."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Meetings,
    round_rng,
    round_robin_pairs,
    round_robin_round_count,
    round_robin_tables,
    swiss_round,
    table_sizes,
)


def test_the_circle_method_meets_every_pair_once() -> None:
    for n in range(2, 13):
        rounds = round_robin_pairs(list(range(n)))
        pairs = [frozenset(t) for r in rounds for t in r.tables]
        assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
        for r in rounds:  # nobody twice in a round; an odd field has one bye a round, each player once
            seen = r.players()
            assert sorted(seen) == list(range(n))
            assert len(r.byes) == n % 2
        assert Counter(p for r in rounds for p in r.byes) == Counter({p: 1 for p in range(n)} if n % 2 else {})


def test_sixteen_players_at_tables_of_four_meet_every_other_exactly_once() -> None:
    rounds = round_robin_tables(list(range(16)), 4, round_rng("seed", 0))
    assert len(rounds) == round_robin_round_count(16, 4) == 5
    meetings = Meetings.of(t for r in rounds for t in r.tables)
    assert set(meetings.counts) == {(a, b) for a, b in itertools.combinations(range(16), 2)}
    assert max(meetings.counts.values()) == 1 and all(r.repeats == 0 for r in rounds)


def test_a_round_is_derived_again_from_its_seed() -> None:
    first = round_robin_tables(list(range(13)), 4, round_rng("abc", 1))
    assert first == round_robin_tables(list(range(13)), 4, round_rng("abc", 1))
    scores = {p: float(p % 5) for p in range(20)}
    players, byes = list(range(20)), dict[int, int]()
    assert swiss_round(players, scores, Meetings(), byes, 4, round_rng("abc", 2)) == swiss_round(
        players, scores, Meetings(), byes, 4, round_rng("abc", 2))
    assert round_rng("abc", 2).random() != round_rng("abc", 3).random()


def test_table_sizes_cut_a_field_into_tables_of_k_and_k_minus_one() -> None:
    assert table_sizes(64, 4) == ([4] * 16, 0)
    assert table_sizes(10, 4) == ([4, 3, 3], 0)
    assert table_sizes(5, 4) == ([4], 1)
    assert table_sizes(7, 2) == ([2, 2, 2], 1)
    assert table_sizes(1, 4) == ([], 1)


def test_swiss_pairs_the_leaders_together_and_gives_the_bye_to_the_last() -> None:
    players = list(range(9))
    scores = {p: float(10 - p) for p in players}
    pairing = swiss_round(players, scores, Meetings(), {}, 2, round_rng("s", 1))
    assert pairing.byes == (8,)
    assert pairing.tables[0] == (0, 1)
    # Player 8 had a bye already: the next lowest without one sits out.
    again = swiss_round(players, scores, Meetings(), {8: 1}, 2, round_rng("s", 2))
    assert again.byes == (7,)


def test_swiss_avoids_a_repeat_when_one_can_be_avoided() -> None:
    players = [0, 1, 2, 3]
    scores = {0: 2.0, 1: 2.0, 2: 0.0, 3: 0.0}
    pairing = swiss_round(players, scores, Meetings.of([(0, 1), (2, 3)]), {}, 2, round_rng("s", 2))
    assert pairing.repeats == 0
    assert all(frozenset(t) not in ({0, 1}, {2, 3}) for t in pairing.tables)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 40), st.integers(2, 8), st.integers(1, 5), st.text(max_size=8))
def test_every_swiss_round_seats_each_player_once(n: int, k: int, rounds: int, seed: str) -> None:
    players = list(range(n))
    scores = {p: 0.0 for p in players}
    meetings, byes = Meetings(), Counter[int]()
    for number in range(rounds):
        pairing = swiss_round(players, scores, meetings, byes, k, round_rng(seed, number))
        assert sorted(pairing.players()) == players
        assert all(max(2, k - 1) <= len(t) <= k for t in pairing.tables)
        assert pairing.repeats == sum(meetings.repeats_at(t) for t in pairing.tables)
        for position, table in enumerate(pairing.tables):
            meetings.add(table)
            for place, player in enumerate(table):
                scores[player] += (position + place) % 3
        byes.update(pairing.byes)
    # Byes never twice to one player while another had none.
    if byes:
        assert max(byes.values()) - min(byes.get(p, 0) for p in players) <= 1


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 64), st.integers(3, 4))
def test_swiss_has_no_repeats_where_the_field_is_large(n: int, k: int) -> None:
    """Three rounds of tables in a field of at least 4 k players: nobody meets anybody twice."""
    players = list(range(max(n, 4 * k)))
    scores = {p: 0.0 for p in players}
    meetings = Meetings()
    for number in range(3):
        pairing = swiss_round(players, scores, meetings, {}, k, round_rng("big", number))
        assert pairing.repeats == 0
        for table in pairing.tables:
            meetings.add(table)
            for place, player in enumerate(table):
                scores[player] += 2 * (len(table) - 1 - place)


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 20), st.integers(3, 6), st.text(max_size=4))
def test_a_table_round_robin_seats_everybody_each_round(n: int, k: int, seed: str) -> None:
    players = list(range(100, 100 + n))
    rounds = round_robin_tables(players, k, round_rng(seed, 0))
    assert len(rounds) == round_robin_round_count(n, k)
    for r in rounds:
        assert sorted(r.players()) == players
        assert all(len(t) <= k for t in r.tables)
