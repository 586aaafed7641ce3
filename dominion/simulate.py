"""Bot games from the command line: `python -m dominion.simulate --games 1000 --players 3 --seed 1`."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from .bots import BOTS, Bot
from .decide import decide
from .events import Event
from .evolve import apply, evolve
from .setup import setup
from .state import State

MAX_DECISIONS = 50_000  # a safety net: every game ends far sooner


def play(bots: Sequence[Bot], rng: random.Random, options: dict[str, object] | None = None) -> tuple[State, list[Event]]:
    """Play one game with one bot per seat; return the final state and the whole history."""
    history = setup(dict(options or {}), len(bots), rng)
    state = evolve(None, history[0])
    for event in history[1:]:
        state = evolve(state, event)
    for _ in range(MAX_DECISIONS):
        seats = state.awaiting()
        if not seats:
            return state, history
        seat = seats[0]
        events = decide(state, seat, bots[seat](state, seat, rng), rng)
        state = evolve(state, events[0])
        for event in events[1:]:
            apply(state, event)
        history.extend(events)
    raise RuntimeError("a game did not end")


def main(argv: Sequence[str] | None = None) -> None:
    """Play bot games and print speed, mean scores and win rates per seat."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3, choices=range(2, 7))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bots", default="heuristic",
        help="comma-separated bot per seat (random, heuristic); one name applies to all seats",
    )
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players or any(n not in BOTS for n in names):
        parser.error(f"--bots needs {args.players} names out of {', '.join(BOTS)}")
    bots = [BOTS[n] for n in names]
    rng = random.Random(args.seed)
    totals, wins, events, turns = [0] * args.players, [0.0] * args.players, 0, 0
    started = time.perf_counter()
    for _ in range(args.games):
        state, history = play(bots, rng)
        events += len(history)
        turns += state.turn
        for score in state.scores:
            totals[score["seat"]] += score["total"]
        for seat in state.winners:
            wins[seat] += 1 / len(state.winners)
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {args.players} players in {elapsed:.2f} s: "
          f"{args.games / elapsed:.1f} games/s, {events / elapsed:,.0f} events/s, "
          f"{turns / args.games:.1f} turns per game")
    for seat in range(args.players):
        print(f"seat {seat} ({names[seat]}): mean score {totals[seat] / args.games:.2f}, "
              f"win rate {wins[seat] / args.games:.1%}")


if __name__ == "__main__":
    main()
