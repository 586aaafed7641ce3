"""The engine's contract with the hosting: purity, the view's keys, and the bots' strength."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from citadels import RULES
from citadels.bots import heuristic_bot, random_bot
from citadels.simulate import play

from .scenario import characters_of, deck_of


def test_import_citadels_pulls_in_no_django() -> None:
    code = "import sys, citadels, citadels.bots, citadels.simulate; print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'rest_framework', 'celery')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_view_holds_what_the_hosting_relies_on() -> None:
    state, _ = play([heuristic_bot] * 4, random.Random(3))
    for seat in (None, 0):
        seen = RULES.view(state, seat)
        for key in ("phase", "round", "crown", "awaiting", "players", "deck_size", "discard_size", "scores", "winners"):
            assert key in seen
        assert seen["phase"] == "over" and seen["awaiting"] == []
        for player in seen["players"]:
            assert {"seat", "gold", "hand_size", "city", "characters"} <= set(player)
        assert ("hand" in seen) == (seat is not None)
        assert {s["seat"] for s in seen["scores"]} == {0, 1, 2, 3}
        assert all({"total", "districts", "colours", "complete"} <= set(s) for s in seen["scores"])


def test_deck_and_characters_describe_the_game() -> None:
    deck = deck_of({})
    assert len(deck) == 65 and deck.count("manor") == 5 and deck.count("dragon_gate") == 1
    assert characters_of({}) == [
        "assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord",
    ]


def test_setup_is_reproducible_and_replays_without_randomness() -> None:
    first = RULES.setup({}, 5, random.Random(42))
    assert first == RULES.setup({}, 5, random.Random(42))
    state = RULES.fold(first)
    assert state.deck != tuple(deck_of({}))[20:], "the deck is shuffled"
    assert RULES.fold([RULES.decode(RULES.encode(e)) for e in first]) == state


@pytest.mark.slow
def test_heuristic_bot_beats_random_bot_in_80_percent_of_two_player_games() -> None:
    """1,000 two-player games, the heuristic bot in either seat; a shared win counts half."""
    wins = 0.0
    rng = random.Random(7)
    for game in range(1000):
        heuristic_seat = game % 2
        bots = [random_bot, random_bot]
        bots[heuristic_seat] = heuristic_bot
        state, _ = play(bots, rng)
        if heuristic_seat in state.winners:
            wins += 1 / len(state.winners)
    print(f"heuristic bot won {wins / 10:.1f}% of 1,000 two-player games against the random bot")
    assert wins >= 800
