"""Random full games for 2 to 8 players, every edition, random character sets and purple mixes, with every
invariant checked after every event (tests/citadels/invariants.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citadels.bots import heuristic_bot, random_bot

from .invariants import play_checked, random_options

PLAYER_COUNTS = range(2, 9)
LOOP_CHUNKS, GAMES_PER_CHUNK = 80, 125  # 10,000 games in all, spread over the workers (about 4 s CPU a chunk)
# The loop checks one seat's view at every third event (each seat and the spectator in turn): the views cost
# most of a checked game, and every view after every event is what the thorough and hypothesis games show.
LOOP_VIEW_EVERY = 3


@given(
    players=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
    choices=st.lists(st.integers(min_value=0, max_value=1000), max_size=400),
    base=st.sampled_from([None, {}, {"edition": "2000"}, {"rejected_card": "under_deck"}]),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_games_keep_every_invariant(
    players: int, seed: int, choices: list[int], base: dict | None,
) -> None:
    """Hypothesis steers the choices (and shrinks a failing game to a short one); `base` None draws the
    options at random from the seed."""
    rng = random.Random(seed)
    options = random_options(rng, players) if base is None or players == 8 else base
    state = play_checked(players, rng, iter(choices), thorough=True, options=options)
    assert state.winners


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_thorough_random_games(players: int) -> None:
    """Every seat's view after every event, and every listed command accepted, in a few games."""
    for seed in range(4):
        rng = random.Random(seed)
        options = {} if seed == 0 and players < 8 else random_options(rng, players)
        play_checked(players, rng, thorough=True, options=options)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(LOOP_CHUNKS))
def test_ten_thousand_random_games(chunk: int) -> None:
    """A plain loop of games over every player count, edition, random character sets and purple mixes, at
    tables mixing random and heuristic bots (random play reaches odd corners, the heuristic bot builds
    cities to their end). Every event, state and turn order is checked; the no-leak check of the views runs
    at every third event (LOOP_VIEW_EVERY), for one seat in turn, as the thorough games above check them all."""
    for game in range(GAMES_PER_CHUNK):
        number = chunk * GAMES_PER_CHUNK + game
        players = PLAYER_COUNTS[number % len(PLAYER_COUNTS)]
        rng = random.Random(number)
        options = random_options(rng, players)
        bots = [rng.choice((random_bot, heuristic_bot)) for _ in range(players)]
        state = play_checked(players, rng, bots=bots, options=options, view_every=LOOP_VIEW_EVERY)
        assert state.winners and len(state.scores) == players
