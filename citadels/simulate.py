"""Bot games from the command line: `python -m citadels.simulate --games 1000 --players 5 --seed 1`.

`--bots heuristic,random,random,random,random --rotate --options '{"random_characters": true}'` measures the
heuristic bot against four random bots at 5 players with random 9-character sets, the bots' seats rotating.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence

from .bots import BOTS, Bot
from .decide import awaiting, decide
from .events import Event
from .evolve import evolve
from .setup import setup
from .state import State

MAX_DECISIONS = 20_000  # a safety net: every game ends far sooner


def play(bots: Sequence[Bot], rng: random.Random, options: dict[str, object] | None = None) -> tuple[State, list[Event]]:
    """Play one game with one bot per seat; return the final state and the whole history."""
    history = setup(dict(options or {}), len(bots), rng)
    state: State | None = None
    for event in history:
        state = evolve(state, event)
    assert state is not None
    for _ in range(MAX_DECISIONS):
        seats = awaiting(state)
        if not seats:
            return state, history
        seat = seats[0]
        events = decide(state, seat, bots[seat](state, seat, rng), rng)
        for event in events:
            state = evolve(state, event)
        history.extend(events)
    raise RuntimeError("a game did not end")


def main(argv: Sequence[str] | None = None) -> None:
    """Play bot games and print speed, mean scores and win rates per seat."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=5, choices=range(2, 9))
    parser.add_argument("--options", default="{}", help="the game's options as JSON")
    parser.add_argument("--rotate", action="store_true", help="shift the bots one seat on after each game")
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
    options = json.loads(args.options)
    rng = random.Random(args.seed)
    totals, wins, events = [0] * args.players, [0.0] * args.players, 0
    started = time.perf_counter()
    for game in range(args.games):
        shift = game % args.players if args.rotate else 0
        seated = bots[-shift:] + bots[:-shift] if shift else bots
        state, history = play(seated, rng, options)
        events += len(history)
        for score in state.scores:  # credited to the bot (its first seat), wherever it sat this game
            totals[(score["seat"] - shift) % args.players] += score["total"]
        for seat in state.winners:
            wins[(seat - shift) % args.players] += 1 / len(state.winners)
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {args.players} players in {elapsed:.2f} s: "
          f"{args.games / elapsed:.1f} games/s, {events / elapsed:,.0f} events/s")
    for seat in range(args.players):
        print(f"bot {seat} ({names[seat]}): mean score {totals[seat] / args.games:.2f}, "
              f"win rate {wins[seat] / args.games:.1%}")


if __name__ == "__main__":
    main()
