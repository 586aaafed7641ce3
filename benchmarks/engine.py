"""Rules-engine speed, on one core: `python benchmarks/engine.py`.

Prints the fold speed (events per second through `evolve`), the decide+evolve speed (commands per second
on recorded positions), each the best of `--repeat` passes, and whole 5-player heuristic-bot games per
second (ms per game).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from citadels import RULES  # noqa: E402
from citadels.bots import heuristic_bot  # noqa: E402
from citadels.simulate import play  # noqa: E402


def main() -> None:
    """Run the three measurements and print them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5, help="passes of the fold and decide measurements (best counts)")
    args = parser.parse_args()
    bots = [heuristic_bot] * args.players

    started = time.perf_counter()
    histories = [play(bots, random.Random(seed))[1] for seed in range(args.games)]
    game_seconds = (time.perf_counter() - started) / args.games
    events = sum(len(h) for h in histories)

    # The best of a few passes: the machine's other processes only ever make a pass slower.
    fold_seconds = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        for history in histories:
            RULES.fold(history)
        fold_seconds.append(time.perf_counter() - started)
    fold_rate = events / min(fold_seconds)

    positions = []
    for seed in range(args.games // 3):
        rng = random.Random(seed)
        state = RULES.fold(RULES.setup({}, args.players, rng))
        while seats := RULES.awaiting(state):
            command = heuristic_bot(state, seats[0], rng)
            positions.append((state, seats[0], command))
            for event in RULES.decide(state, seats[0], command, rng):
                state = RULES.evolve(state, event)
    decide_seconds = []
    for _ in range(args.repeat):
        rng = random.Random(0)
        started = time.perf_counter()
        for state, seat, command in positions:
            for event in RULES.decide(state, seat, command, rng):
                state = RULES.evolve(state, event)
        decide_seconds.append(time.perf_counter() - started)
    decide_rate = len(positions) / min(decide_seconds)

    print(f"{args.games} heuristic-bot games of {args.players} players, {events / args.games:.0f} events each "
          f"(best of {args.repeat} passes; load {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    print(f"fold:            {fold_rate:12,.0f} events/s")
    print(f"decide+evolve:   {decide_rate:12,.0f} commands/s")
    print(f"full bot game:   {game_seconds * 1000:12.2f} ms per game ({1 / game_seconds:,.0f} games/s)")


if __name__ == "__main__":
    main()
