"""Random full games for 2 to 7 players, with every invariant checked after every event."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citadels.bots import heuristic_bot, random_bot

from .invariants import play_checked

PLAYER_COUNTS = range(2, 8)
LOOP_CHUNKS, GAMES_PER_CHUNK = 20, 500  # 10,000 games in all, spread over the workers


@given(
    players=st.integers(min_value=2, max_value=7),
    seed=st.integers(min_value=0, max_value=2**32),
    choices=st.lists(st.integers(min_value=0, max_value=1000), max_size=400),
    edition=st.sampled_from([{}, {"edition": "2000"}, {"rejected_card": "under_deck"}]),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_games_keep_every_invariant(players: int, seed: int, choices: list[int], edition: dict) -> None:
    """Hypothesis steers the choices (and shrinks a failing game to a short one)."""
    state = play_checked(players, random.Random(seed), iter(choices), thorough=True, options=edition)
    assert state.winners


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_thorough_random_games(players: int) -> None:
    """Every seat's view after every event, and every listed command accepted, in a few games."""
    for seed in range(5):
        play_checked(players, random.Random(seed), thorough=True)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(LOOP_CHUNKS))
def test_ten_thousand_random_games(chunk: int) -> None:
    """A plain loop of games over every player count, at tables mixing random and heuristic bots
    (random play reaches odd corners, the heuristic bot builds cities to their end)."""
    for game in range(GAMES_PER_CHUNK):
        number = chunk * GAMES_PER_CHUNK + game
        players = PLAYER_COUNTS[number % len(PLAYER_COUNTS)]
        rng = random.Random(number)
        bots = [rng.choice((random_bot, heuristic_bot)) for _ in range(players)]
        state = play_checked(players, rng, bots=bots)
        assert state.winners and len(state.scores) == players
