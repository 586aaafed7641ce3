"""Rules-engine speed, on one core: `python benchmarks/engine.py`.

For two tables, the base game at 5 players and an 8-player Dark City game with 9 characters (a random
character set and 5 Dark City districts per game), prints the fold speed (events per second through
`evolve`), the decide+evolve speed (commands per second on recorded positions), and whole heuristic-bot
games (ms per game).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from citadels import RULES  # noqa: E402
from citadels.bots import heuristic_bot  # noqa: E402
from citadels.simulate import play  # noqa: E402

TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("base game, 5 players, 8 characters", 5, {}),
    ("Dark City, 8 players, 9 characters", 8, {"random_characters": True, "dark_city_districts": 5}),
)


def measure(title: str, players: int, options: dict[str, Any], games: int) -> None:
    """Run the three measurements for one table and print them."""
    bots = [heuristic_bot] * players

    started = time.perf_counter()
    histories = [play(bots, random.Random(seed), options)[1] for seed in range(games)]
    game_seconds = (time.perf_counter() - started) / games
    events = sum(len(h) for h in histories)

    started = time.perf_counter()
    for history in histories:
        RULES.fold(history)
    fold_seconds = time.perf_counter() - started

    positions = []
    for seed in range(games // 3):
        rng = random.Random(seed)
        state = RULES.fold(RULES.setup(options, players, rng))
        while seats := RULES.awaiting(state):
            command = heuristic_bot(state, seats[0], rng)
            positions.append((state, seats[0], command))
            for event in RULES.decide(state, seats[0], command, rng):
                state = RULES.evolve(state, event)
    rng = random.Random(0)
    started = time.perf_counter()
    for state, seat, command in positions:
        for event in RULES.decide(state, seat, command, rng):
            state = RULES.evolve(state, event)
    decide_rate = len(positions) / (time.perf_counter() - started)

    print(f"== {title}: {games} heuristic-bot games, {events / games:.0f} events each")
    print(f"fold:            {events / fold_seconds:12,.0f} events/s ({fold_seconds / games * 1000:.2f} ms per game)")
    print(f"decide+evolve:   {decide_rate:12,.0f} commands/s")
    print(f"full bot game:   {game_seconds * 1000:12.2f} ms per game ({1 / game_seconds:,.0f} games/s)")


def main() -> None:
    """Measure every table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    for title, players, options in TABLES:
        measure(title, players, options, args.games)


if __name__ == "__main__":
    main()
