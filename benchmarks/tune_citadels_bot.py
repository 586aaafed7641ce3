"""Coordinate search over the best Citadels bot's constants: `python benchmarks/tune_citadels_bot.py [games] [seed]`.

Each candidate value of one constant (the current value scaled by `FACTORS`) plays `games` 4-player base
games (the best bot's seat rotating, against three heuristic bots) from the same `seed`, so all candidates
meet the same deals; a value replaces the current one only when it wins at least `MARGIN` more. Tune on
seeds other than the benchmark's (seed 1), e.g. 100, and confirm the winner on a fresh seed.
The constants are module globals the bot reads at call time, so the search patches them in place.
At 4 players the draft's lookahead (`citadels.best_rollout`) plays every pick out: a game takes ~0.3 s, so
300 games per candidate take ~1.5 min; `best_bot.LOOKAHEAD = False` tunes the estimates alone (fast).
`NAME=value` arguments start a sweep from earlier winners. Results are printed; the winning values are written into the modules by hand (see
/work/notes/bots-citadels.md for what was searched and what won).
"""

from __future__ import annotations

import random
import sys
from types import ModuleType

from citadels import best_bot, best_draft, best_model, best_rollout, bots
from citadels.simulate import play

TUNED: tuple[tuple[ModuleType, str], ...] = (
    (best_draft, "INCOME"),
    (best_draft, "TEMPO"),
    (best_draft, "COMPLETION_STAKE"),
    (best_draft, "CARD_WORTH"),
    (best_draft, "PICK_TEMPERATURE"),
    (best_draft, "KILLER_BASE"),
    (best_draft, "KILLER_THREAT"),
    (best_model, "NAMING_WEIGHT"),
    (best_bot, "NEW_COLOUR"),
    (best_bot, "COMPLETES"),
    (best_rollout, "WIN"),
)
FACTORS = (0.5, 1.5)
MARGIN = 0.015


def win_rate(games: int, seed: int, players: int = 4) -> float:
    """The best bot's share of wins (a shared win counts 1/winners) in `games` base games."""
    rng = random.Random(seed)
    wins = 0.0
    for game in range(games):
        seat = game % players
        seats = [bots.heuristic_bot] * players
        seats[seat] = best_bot.best_bot
        state, _ = play(seats, rng, {})
        if seat in state.winners:
            wins += 1 / len(state.winners)
    return wins / games


def search(games: int, seed: int) -> dict[str, float]:
    """One sweep over `TUNED`; returns the values kept (the modules are left patched with them)."""
    current = win_rate(games, seed)
    print(f"start: {current:.1%}", flush=True)
    for module, name in TUNED:
        kept = getattr(module, name)
        best_value, best_rate = kept, current
        for factor in FACTORS:
            value = round(kept * factor, 3)
            setattr(module, name, value)
            rate = win_rate(games, seed)
            print(f"  {name}={value}: {rate:.1%}", flush=True)
            if rate >= best_rate + MARGIN:
                best_value, best_rate = value, rate
        setattr(module, name, best_value)
        current = best_rate
        print(f"{name} -> {best_value} ({current:.1%})", flush=True)
    return {name: getattr(module, name) for module, name in TUNED}


def start_from(assignments: list[str]) -> None:
    """Patch the constants named `NAME=value` on the command line (a later sweep starts from the last)."""
    modules = {name: module for module, name in TUNED}
    for assignment in assignments:
        name, value = assignment.split("=")
        setattr(modules[name], name, float(value))


def main() -> None:
    """Run one sweep: games per candidate, seed, then optional `NAME=value` starting values."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    start_from(sys.argv[3:])
    print(search(games, seed))


if __name__ == "__main__":
    main()
