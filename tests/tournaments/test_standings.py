"""The standings: the fold of a tournament's events (placement points, tiebreaks, crosstable, forfeits)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import standings as s


def log(table_size: int, players: list[int], **created: Any) -> list[tuple[str, dict[str, Any]]]:
    events: list[tuple[str, dict[str, Any]]] = [(s.CREATED, {"table_size": table_size, **created})]
    events += [(s.JOINED, {"player": p}) for p in players]
    events.append((s.STARTED, {"players": players, "seed": "x"}))
    return events


def test_bga_points_at_four_and_scaled_to_other_sizes() -> None:
    assert s.default_points(4) == [6, 4, 2, 0]
    assert s.default_points(2) == [2, 0]
    assert s.default_points(5) == [8, 6, 4, 2, 0]
    scoring = s.Scoring(4)
    assert s.table_points({1: 1, 2: 2, 3: 3, 4: 4}, scoring) == {1: 6, 2: 4, 3: 2, 4: 0}
    assert s.table_points({1: 1, 2: 1, 3: 3, 4: 4}, scoring) == {1: 5, 2: 5, 3: 2, 4: 0}
    # A forfeited seat is placed last, whatever the game's order.
    assert s.table_points({1: 1, 2: 2, 3: 3, 4: 4}, scoring, [1]) == {2: 6, 3: 4, 4: 2, 1: 0}
    assert s.table_points({1: 1, 2: 2}, s.Scoring(4, {2: [3, 1]})) == {1: 3, 2: 1}


def test_a_swiss_of_two_player_games_with_buchholz_and_sonneborn_berger() -> None:
    events = log(2, [1, 2, 3, 4, 5])
    events.append((s.ROUND_PAIRED, {"round": 1, "tables": [[1, 2], [3, 4]], "byes": [5]}))
    events.append((s.GAME_LINKED, {"round": 1, "table": 0, "game": 11}))
    events.append((s.GAME_FINISHED, {"round": 1, "table": 0, "game": 11, "places": {"1": 1, "2": 2}}))
    events.append((s.GAME_FINISHED, {"round": 1, "table": 1, "game": 12, "places": {"3": 1, "4": 1}}))
    state = s.fold(events)
    assert state.rounds[1].finished
    assert state.points() == {1: 2, 2: 0, 3: 1, 4: 1, 5: 2}
    rows = {row.player: row for row in s.standings(state)}
    assert rows[1].buchholz == 0 and rows[2].buchholz == 2 and rows[3].buchholz == 1
    assert rows[1].sonneborn_berger == 0 and rows[3].sonneborn_berger == 0.5
    ranked = [row.player for row in s.standings(state)]
    assert ranked[:2] == [1, 5] and ranked[-1] == 2  # equal points: Buchholz, then the seeding order
    cells = s.crosstable(state)
    assert cells[5][0].table is None and cells[5][0].points == 2
    assert s.pair_results(state)[(1, 2)] == [2.0]


def test_a_withdrawn_player_keeps_their_points_and_is_marked() -> None:
    events = log(4, [1, 2, 3, 4])
    events.append((s.ROUND_PAIRED, {"round": 1, "tables": [[1, 2, 3, 4]], "byes": []}))
    events.append((s.WITHDRAWN, {"player": 2, "reason": "withdrawal", "policy": "forfeit"}))
    events.append((s.GAME_FINISHED, {"round": 1, "table": 0, "game": 9, "places": {"1": 2, "2": 1, "3": 3, "4": 4},
                                     "forfeited": [2]}))
    state = s.fold(events)
    assert state.points() == {1: 6, 2: 0, 3: 4, 4: 2}
    assert state.active_players() == [1, 3, 4]
    rows = {row.player: row for row in s.standings(state)}
    assert rows[2].withdrawn and rows[1].rank == 1 and rows[1].opponents_points == 6


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=2, max_size=8))
def test_a_table_gives_out_all_its_points_however_it_ties(raw: list[int]) -> None:
    places = {p: min(raw[p], len(raw)) for p in range(len(raw))}
    # Places as the rules give them: a tie shares the best place it spans (1, 1, 3).
    order = sorted(places.values())
    places = {p: order.index(v) + 1 for p, v in places.items()}
    points = s.table_points(places, s.Scoring(len(raw)))
    assert abs(sum(points.values()) - sum(s.default_points(len(raw)))) < 1e-9
    for a in places:
        for b in places:
            if places[a] < places[b]:
                assert points[a] > points[b]
            if places[a] == places[b]:
                assert points[a] == points[b]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 10))
def test_the_fold_of_a_prefix_then_the_rest_is_the_fold_of_all(cut: int) -> None:
    events = log(2, [1, 2, 3, 4])
    events.append((s.ROUND_PAIRED, {"round": 1, "tables": [[1, 2], [3, 4]]}))
    events.append((s.GAME_FINISHED, {"round": 1, "table": 0, "game": 1, "places": {"1": 1, "2": 2}}))
    events.append((s.GAME_FINISHED, {"round": 1, "table": 1, "game": 2, "places": {"3": 2, "4": 1}}))
    events.append((s.ENDED, {}))
    cut = min(cut, len(events))
    assert s.standings(s.fold(events[cut:], s.fold(events[:cut]))) == s.standings(s.fold(events))
