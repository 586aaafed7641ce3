"""Bot games from the command line: `python -m dominion.simulate --games 1000 --players 3 --seed 1`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules_kit import simulate

from .bots import BOTS, Bot
from .engine import RULES
from .events import Event
from .setup import MAX_PLAYERS, MIN_PLAYERS
from .state import State


def play(bots: Sequence[Bot], rng: random.Random, options: dict[str, Any] | None = None) -> tuple[State, list[Event]]:
    """Play one game with one bot per seat; return the final state and the whole history."""
    return simulate.play(RULES, bots, rng, options)


def main(argv: Sequence[str] | None = None) -> None:
    """Play bot games and print speed, turns per game, mean scores and win rates per bot."""
    simulate.main(
        RULES, BOTS, "heuristic", range(MIN_PLAYERS, MAX_PLAYERS + 1), 3, argv, __doc__,
        per_game=("turns per game", lambda state: state.turn),
    )


if __name__ == "__main__":
    main()
