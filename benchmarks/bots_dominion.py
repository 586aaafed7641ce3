"""Dominion's bots against the published baselines (issue 36): `python benchmarks/bots_dominion.py [games]`.

Each match-up is 2 players, seats swapped every other game (both games of a pair share the kingdom), kingdoms
drawn from every set of both boxes (Dark Ages and the base game, both editions), holding the baseline's card
when it has one. A tie counts half a win. The time per decision is the measured bot's own (one core).
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable

from dominion.baselines import big_money_ultimate, double_witch, smithy_big_money
from dominion.bots import Bot
from dominion.commands import Command
from dominion.engine import RULES
from dominion.options import SETS
from dominion.simulate import play
from dominion.state import State

PILES = sorted({pile for piles in SETS.values() for pile in piles})
MATCHUPS: tuple[tuple[str, str, str | None], ...] = (
    ("best", "big_money_ultimate", None),
    ("best", "smithy_big_money", "smithy"),
    ("best", "double_witch", "witch"),
    ("heuristic", "big_money_ultimate", None),
    ("heuristic", "smithy_big_money", "smithy"),
    ("heuristic", "double_witch", "witch"),
)
BASELINE_BOTS: dict[str, Bot] = {
    "big_money_ultimate": big_money_ultimate, "smithy_big_money": smithy_big_money, "double_witch": double_witch,
}


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def _kingdom(rng: random.Random, card: str | None) -> list[str]:
    others = rng.sample([p for p in PILES if p != card], 10 if card is None else 9)
    return sorted(others + ([card] if card else []))


def _timed(bot: Bot, times: list[float]) -> Callable[[State, int, random.Random], Command]:
    def timed(state: State, seat: int, rng: random.Random) -> Command:
        started = time.perf_counter()
        command = bot(state, seat, rng)
        times.append(time.perf_counter() - started)
        return command

    return timed


def match(bot: str, baseline: str, card: str | None, games: int, seed: int) -> dict[str, object]:
    """One match-up's row: games, win rate and its interval, the bot's mean and p99 seconds per decision."""
    times: list[float] = []
    measured, other = _timed(RULES.bots[bot], times), BASELINE_BOTS[baseline]
    wins = 0.0
    for game in range(games):
        kingdom = _kingdom(random.Random(seed * 1_000_003 + game // 2), card)
        seat = game % 2
        bots = [measured, other] if seat == 0 else [other, measured]
        state, _ = play(bots, random.Random(seed * 7919 + game), {"kingdom": kingdom})
        if seat in state.winners:
            wins += 1 / len(state.winners)
    low, high = wilson(wins, games)
    times.sort()
    return {
        "bot": bot, "against": baseline, "kingdoms": f"with {card}" if card else "random", "games": games,
        "win_rate": wins / games, "low": low, "high": high,
        "mean_ms": 1000 * sum(times) / len(times), "p99_ms": 1000 * times[int(0.99 * (len(times) - 1))],
    }


def rows(games: int = 1000, seed: int = 1) -> list[dict[str, object]]:
    """Every match-up's row (see `match`): the best bot, then the heuristic bot for reference."""
    return [match(bot, baseline, card, games, seed) for bot, baseline, card in MATCHUPS]


def main() -> None:
    """Print the table (the number of games per match-up from the command line, 1000 by default)."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print("| bot | against | kingdoms | games | wins (ties half) | 95% interval | mean ms/decision | p99 ms |")
    print("|---|---|---|---|---|---|---|---|")
    for bot, baseline, card in MATCHUPS:  # row by row, as each is done
        row = match(bot, baseline, card, games, seed=1)
        print(f"| {row['bot']} | {row['against']} | {row['kingdoms']} | {row['games']} | {row['win_rate']:.1%} | "
              f"{row['low']:.1%}-{row['high']:.1%} | {row['mean_ms']:.2f} | {row['p99_ms']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
