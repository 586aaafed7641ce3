"""Rules-engine speed, on one core: `python benchmarks/engine.py`.

For Citadels (two tables: the base game at 5 players, and an 8-player Dark City game with 9 characters, a
random character set and 5 Dark City districts per game) and for Dominion: the fold speed (events per second
through `evolve`), the decide+evolve speed (commands per second on recorded positions), and whole
heuristic-bot games (ms per game). The Citadels fold and decide figures are the best of `--repeat` passes
(other processes on the machine only ever make a pass slower); the machine's load is printed with them.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from citadels import RULES  # noqa: E402
from citadels.bots import heuristic_bot  # noqa: E402
from citadels.simulate import play  # noqa: E402
from dominion import RULES as DOMINION  # noqa: E402
from dominion.bots import heuristic_bot as dominion_bot  # noqa: E402
from dominion.simulate import play as play_dominion  # noqa: E402

TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("base game, 5 players, 8 characters", 5, {}),
    ("Dark City, 8 players, 9 characters", 8, {"random_characters": True, "dark_city_districts": 5}),
)


def measure(title: str, players: int, options: dict[str, Any], games: int, repeat: int = 5) -> None:
    """Run the three measurements for one table and print them."""
    bots = [heuristic_bot] * players

    started = time.perf_counter()
    histories = [play(bots, random.Random(seed), options)[1] for seed in range(games)]
    game_seconds = (time.perf_counter() - started) / games
    events = sum(len(h) for h in histories)

    passes = []
    for _ in range(repeat):
        started = time.perf_counter()
        for history in histories:
            RULES.fold(history)
        passes.append(time.perf_counter() - started)
    fold_seconds = min(passes)

    positions = []
    for seed in range(games // 3):
        rng = random.Random(seed)
        state = RULES.fold(RULES.setup(options, players, rng))
        while seats := RULES.awaiting(state):
            command = heuristic_bot(state, seats[0], rng)
            positions.append((state, seats[0], command))
            for event in RULES.decide(state, seats[0], command, rng):
                state = RULES.evolve(state, event)
    passes = []
    for _ in range(repeat):
        rng = random.Random(0)
        started = time.perf_counter()
        for state, seat, command in positions:
            for event in RULES.decide(state, seat, command, rng):
                state = RULES.evolve(state, event)
        passes.append(time.perf_counter() - started)
    decide_rate = len(positions) / min(passes)

    print(f"== {title}: {games} heuristic-bot games, {events / games:.0f} events each (best of {repeat} passes; "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    print(f"fold:            {events / fold_seconds:12,.0f} events/s ({fold_seconds / games * 1000:.2f} ms per game)")
    print(f"decide+evolve:   {decide_rate:12,.0f} commands/s")
    print(f"full bot game:   {game_seconds * 1000:12.2f} ms per game ({1 / game_seconds:,.0f} games/s)")


def main() -> None:
    """Measure every table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5, help="passes of the Citadels fold and decide (best counts)")
    parser.add_argument("--dominion-games", type=int, default=100)
    parser.add_argument("--dominion-players", type=int, default=3)
    args = parser.parse_args()
    for title, players, options in TABLES:
        measure(title, players, options, args.games, args.repeat)
    dominion(args.dominion_games, args.dominion_players)


def dominion(games: int, players: int) -> None:
    """The same three figures for Dominion with Dark Ages (random kingdoms)."""
    bots = [dominion_bot] * players
    started = time.perf_counter()
    histories = [play_dominion(bots, random.Random(seed))[1] for seed in range(games)]
    game_seconds = (time.perf_counter() - started) / games
    events = sum(len(h) for h in histories)

    started = time.perf_counter()
    for history in histories:
        state = None
        for event in history:  # event by event through `evolve`, as the server folds a log
            state = DOMINION.evolve(state, event)
    fold_rate = events / (time.perf_counter() - started)
    started = time.perf_counter()
    for history in histories:
        DOMINION.fold(history)
    bulk_rate = events / (time.perf_counter() - started)

    positions = []
    for seed in range(games // 3):
        rng = random.Random(seed)
        state = DOMINION.fold(DOMINION.setup({}, players, rng))
        while seats := DOMINION.awaiting(state):
            command = dominion_bot(state, seats[0], rng)
            positions.append((state, seats[0], command))
            state = DOMINION.fold(DOMINION.decide(state, seats[0], command, rng), state)
    rng = random.Random(0)
    started = time.perf_counter()
    for state, seat, command in positions:
        DOMINION.fold(DOMINION.decide(state, seat, command, rng), state)
    decide_rate = len(positions) / (time.perf_counter() - started)

    print(f"Dominion: {games} heuristic-bot games of {players} players, {events / games:.0f} events each")
    print(f"fold (evolve):   {fold_rate:12,.0f} events/s")
    print(f"fold (bulk):     {bulk_rate:12,.0f} events/s")
    print(f"decide+evolve:   {decide_rate:12,.0f} commands/s")
    print(f"full bot game:   {game_seconds * 1000:12.2f} ms per game ({1 / game_seconds:,.0f} games/s)")


if __name__ == "__main__":
    main()
