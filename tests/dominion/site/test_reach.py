"""Dominion with Dark Ages and the base game (Ruins, Shelters, Spoils, Madman, Mercenary, Knights, Moat and
every card with a decision): at every decision point of seeded bot games over kingdoms that together hold every kingdom pile,
every legal command of every awaited seat can be sent from the table (a button, the card selection, the
named card) and by an email reply (its number or its words); see tests/games/reach_checks.py."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from django.utils import translation

from dominion import RULES
from dominion.bots import heuristic_bot, random_bot
from dominion.cards import KINGDOM_PILES
from games.registry import get_kind
from tests.games.reach_checks import Tally, play_and_check

KIND = get_kind("dominion")


COVERING = (len(KINGDOM_PILES) + 9) // 10  # games that together hold every kingdom pile of both boxes
MORE_GAMES = range(COVERING, COVERING + 10)  # after the covering games: 10 over kingdoms drawn at random


def _kingdom(game: int) -> list[str]:
    """Ten piles; games 0-6 together hold all 67 of both boxes (the last with 3 drawn again), later ones at
    random."""
    piles = list(KINGDOM_PILES)
    if game < COVERING:
        chosen = piles[game * 10:game * 10 + 10]
        return chosen + random.Random(game).sample([p for p in piles if p not in chosen], 10 - len(chosen))
    return random.Random(game).sample(piles, 10)


def play_reached(seed: int, players: int, tally: Tally, words_every: int = 1) -> None:
    """One game; every awaited seat's page and email checked at every decision point."""
    rng = random.Random(seed)
    bots: list[Any] = [random_bot if (seed + s) % 2 else heuristic_bot for s in range(players)]
    state = RULES.fold(RULES.setup({"kingdom": _kingdom(seed)}, players, rng))
    play_and_check(KIND, state, bots, rng, tally, words_every, _decision_named)


def _decision_named(view: dict[str, Any]) -> str:
    decision = view.get("decision") or {}
    return f"{decision.get('card', 'turn')}:{decision.get('kind', '')}"


def _play_many(seeds: range, tally: Tally, words_every: int = 1) -> None:
    with translation.override("en"):
        for seed in seeds:
            play_reached(seed, 2 + seed % 5, tally, words_every)


def test_every_dominion_move_is_reachable_from_the_page_and_by_email() -> None:
    started, tally = time.perf_counter(), Tally()
    _play_many(range(COVERING), tally, words_every=5)
    print(f"dominion: {COVERING} games, {tally.points} decision points, {tally.commands} commands on the page, "
          f"{tally.replies} replies, {time.perf_counter() - started:.1f} s; longest lists {dict(tally.longest)}")
    assert tally.points > 500
    assert max(tally.longest.values()) <= 40, tally.longest


@pytest.mark.slow
@pytest.mark.parametrize("seed", MORE_GAMES)
def test_every_dominion_move_is_reachable_in_many_more_games(seed: int) -> None:
    """One game each, so that the workers share the 20 games (one test of them all ran for minutes alone)."""
    tally = Tally()
    _play_many(range(seed, seed + 1), tally)
    assert max(tally.longest.values()) <= 40, tally.longest
