"""The best Citadels bot against copies of the heuristic bot: `python benchmarks/bots_citadels.py [games] [seed]`.

For 2, 4 and 7 players, base game and Dark City (random characters of both sets, 3 Dark City purples
mixed in), the best bot's seat rotating: its win rate with a 95% Wilson interval (a shared win counts as
1/number of winners), chance (1/players), and the mean and 99th-percentile time of its decisions (the
4-player rows roll out every pick of the draft: ~0.3 s a game, the others ~0.02-0.1 s).
`benchmarks/bots.py` calls `rows`.
"""

from __future__ import annotations

import math
import random
import sys
import time

from citadels.commands import Command
from citadels.engine import RULES
from citadels.simulate import play
from citadels.state import State
from rules_kit.engine import Bot

SETUPS: tuple[tuple[str, dict[str, object]], ...] = (
    ("base", {}),
    ("dark city", {"random_characters": True, "dark_city_districts": 3}),
)
PLAYERS = (2, 4, 7)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def measure(players: int, options: dict[str, object], games: int, seed: int) -> dict[str, object]:
    """One row: `games` games of the best bot (its seat rotating) against `players - 1` heuristic bots."""
    best, heuristic = RULES.bots["best"], RULES.bots["heuristic"]
    times: list[float] = []

    def timed(state: State, seat: int, rng: random.Random) -> Command:
        started = time.perf_counter()
        command = best(state, seat, rng)
        times.append(time.perf_counter() - started)
        return command

    rng = random.Random(seed)
    wins = 0.0
    for game in range(games):
        seat = game % players
        bots: list[Bot[State, Command]] = [heuristic] * players
        bots[seat] = timed
        state, _ = play(bots, rng, options)
        if seat in state.winners:
            wins += 1 / len(state.winners)
    low, high = wilson(wins, games)
    times.sort()
    return {
        "players": players, "games": games, "win_rate": wins / games, "low": low, "high": high,
        "chance": 1 / players, "mean_ms": 1000 * sum(times) / len(times),
        "p99_ms": 1000 * times[min(len(times) - 1, int(0.99 * len(times)))],
    }


def rows(games: int = 1000, seed: int = 1) -> list[dict[str, object]]:
    """A row per player count and setup (`setup`: base or dark city)."""
    return [
        {"setup": name, **measure(players, options, games, seed)}
        for name, options in SETUPS for players in PLAYERS
    ]


def main() -> None:
    """Print the table (the number of games per row and the seed from the command line: 1000 and 1 by default)."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print("| setup | players | games | best bot wins (95% CI) | chance | mean ms | p99 ms |")
    print("|---|---|---|---|---|---|---|")
    for row in rows(games, seed):
        print(f"| {row['setup']} | {row['players']} | {row['games']} | {row['win_rate']:.1%} "
              f"({row['low']:.1%}-{row['high']:.1%}) | {row['chance']:.1%} | {row['mean_ms']:.2f} | "
              f"{row['p99_ms']:.2f} |")


if __name__ == "__main__":
    main()
