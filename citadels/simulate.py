"""Bot games from the command line: `python -m citadels.simulate --games 1000 --players 5 --seed 1`.

`--bots best,heuristic,heuristic,heuristic --players 4 --rotate` measures the best bot against three copies
of the heuristic bot; the bots are the rules' own (`RULES.bots`).

`--bots heuristic,random,random,random,random --rotate --options '{"random_characters": true}'` measures the
heuristic bot against four random bots at 5 players with random 9-character sets, the bots' seats rotating.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules_kit import simulate
from rules_kit.engine import Options

from .bots import Bot
from .engine import RULES
from .events import Event
from .state import State


def play(bots: Sequence[Bot], rng: random.Random, options: Options | None = None) -> tuple[State, list[Event]]:
    """Play one game with one bot per seat; return the final state and the whole history."""
    return simulate.play(RULES, bots, rng, options)


def main(argv: Sequence[str] | None = None) -> None:
    """Play bot games and print speed, mean scores and win rates per bot."""
    simulate.main(RULES, RULES.bots, "heuristic", range(2, 9), 5, argv, __doc__)


if __name__ == "__main__":
    main()
