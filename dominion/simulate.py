"""Bot games from the command line: `python -m dominion.simulate --games 1000 --players 3 --seed 1`.

`--mixed` draws each game's kingdom from every set of both boxes (Dark Ages and the base game, both editions)
unless `--options` shapes the kingdom; without it a kingdom left open is drawn from the default sets
(`options.DEFAULT_SETS`).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from rules_kit import simulate
from rules_kit.engine import Options
from rules_kit.seat_information import informed

from .baselines import BASELINES
from .bots import Bot
from .engine import RULES, DominionRules
from .events import Event
from .information import seen_by
from .options import KINGDOM_OPTIONS, SETS
from .setup import MAX_PLAYERS, MIN_PLAYERS, setup
from .state import State


def _mixed_setup(options: Options | None, players: int, rng: random.Random) -> list[Event]:
    options = dict(options or {})
    if not options.keys() & KINGDOM_OPTIONS:
        options["sets"] = list(SETS)
    return setup(options, players, rng)


MIXED = DominionRules()
MIXED.setup = _mixed_setup
"""The rules with kingdoms drawn from both boxes where the options name none (bot games only)."""


def play(bots: Sequence[Bot], rng: random.Random, options: Options | None = None,
         mixed: bool = False) -> tuple[State, list[Event]]:
    """Play one game with one bot per seat; return the final state and the whole history."""
    return simulate.play(MIXED if mixed else RULES, bots, rng, options)


def _named_bots() -> dict[str, Bot]:
    """The game's bots (`RULES.bots`) and the baselines, each deciding on what its seat may know, as served."""
    return {**RULES.bots, **{name: informed(bot, seen_by) for name, bot in BASELINES.items()}}


def main(argv: Sequence[str] | None = None) -> None:
    """Play bot games and print speed, turns per game, mean scores and win rates per bot: the game's bots
    (`RULES.bots`, as the service plays them) and the baselines (`baselines.BASELINES`, informed alike) by name."""
    args = list(sys.argv[1:] if argv is None else argv)
    mixed = "--mixed" in args
    simulate.main(
        MIXED if mixed else RULES, _named_bots(), "heuristic", range(MIN_PLAYERS, MAX_PLAYERS + 1), 3,
        [a for a in args if a != "--mixed"], __doc__, per_game=("turns per game", lambda state: state.turn),
    )


if __name__ == "__main__":
    main()
