"""Random full games for 2 to 6 players over random kingdoms (Dark Ages alone, and drawn from both boxes:
Dark Ages and the base game), every invariant checked after every event."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominion.bots import heuristic_bot, random_bot
from dominion.cards import KINGDOM_PILES

from .invariants import play_checked

LOOP_CHUNKS, GAMES_PER_CHUNK = 100, 50  # 5,000 games in all, spread over the workers


def mixed_kingdom(rng: random.Random) -> list[str]:
    """10 kingdom piles drawn from both boxes (Dark Ages and the base game, both editions)."""
    return sorted(rng.sample(KINGDOM_PILES, 10))


@given(players=st.integers(min_value=2, max_value=4), seed=st.integers(min_value=0, max_value=2**32))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_random_games_keep_every_invariant(players: int, seed: int) -> None:
    """Random commands only: every view of every seat after every event, every listed command tried."""
    state = play_checked(players, random.Random(seed), thorough=True)
    assert state.winners


@given(players=st.integers(min_value=2, max_value=6), seed=st.integers(min_value=0, max_value=2**32))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_random_games_of_both_boxes_keep_every_invariant(players: int, seed: int) -> None:
    """As above over kingdoms of both boxes."""
    rng = random.Random(seed)
    state = play_checked(players, rng, options={"kingdom": mixed_kingdom(rng)}, thorough=True)
    assert state.winners


@pytest.mark.parametrize("mixed", [False, True], ids=["dark_ages", "both_boxes"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_thorough_games_with_a_heuristic_seat(players: int, mixed: bool) -> None:
    rng = random.Random(players)
    bots = [heuristic_bot] + [random_bot] * (players - 1)
    options = {"kingdom": mixed_kingdom(rng)} if mixed else {"sets": ["dark_ages"]}
    state = play_checked(players, rng, bots=bots, options=options, thorough=True)
    assert len(state.scores) == players


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(LOOP_CHUNKS))
def test_five_thousand_random_games(chunk: int) -> None:
    """A plain loop of games over 2-6 players and kingdoms drawn from both boxes (every fifth game Dark
    Ages alone), heuristic bots with now and then a random seat (it reaches odd corners); one seat's view
    checked in turn, listed commands now and then."""
    for game in range(GAMES_PER_CHUNK):
        number = chunk * GAMES_PER_CHUNK + game
        players = 2 + number % 5
        rng = random.Random(number)
        options = {"sets": ["dark_ages"]} if number % 5 == 1 else {"kingdom": mixed_kingdom(rng)}
        bots = [heuristic_bot] * players
        if number % 5 == 0:
            bots[number % players] = random_bot
        state = play_checked(players, rng, bots=bots, options=options, command_every=30, view_every=10)
        assert state.winners and len(state.scores) == players
