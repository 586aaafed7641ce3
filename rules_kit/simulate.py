"""Bot games: `play` one game with one bot per seat, and `main`, the command line of every game's simulator
(speed, mean scores and win rates per bot)."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypedDict, TypeVar

from .engine import Bot, GameRules, Options
from .events import Event

__all__ = ["Bot", "Finished", "SeatScore", "main", "play"]

StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
MAX_DECISIONS = 50_000  # a safety net: every game ends far sooner


class SeatScore(TypedDict):
    """What the simulator reads of one seat's final score (each game's score has more parts)."""

    seat: int
    total: int


class Finished(Protocol):
    """What the simulator reads of a game's final state."""

    @property
    def scores(self) -> Sequence[SeatScore]: ...
    @property
    def winners(self) -> Sequence[int]: ...


FinishedT = TypeVar("FinishedT", bound=Finished)


def play(
    rules: GameRules[StateT, CommandT], bots: Sequence[Bot[StateT, CommandT]], rng: random.Random,
    options: Options | None = None,
) -> tuple[StateT, list[Event]]:
    """Play one game with one bot per seat; return the final state and the whole history."""
    history = rules.setup(dict(options or {}), len(bots), rng)
    state = rules.fold(history)
    for _ in range(MAX_DECISIONS):
        seats = rules.awaiting(state)
        if not seats:
            return state, history
        seat = seats[0]
        events = rules.decide(state, seat, bots[seat](state, seat, rng), rng)
        state = rules.fold(events, state)
        history.extend(events)
    raise RuntimeError("a game did not end")


def main(
    rules: GameRules[FinishedT, CommandT], bots: Mapping[str, Bot[FinishedT, CommandT]], default_bot: str,
    players: range, default_players: int, argv: Sequence[str] | None = None, description: str | None = None,
    per_game: tuple[str, Callable[[FinishedT], float]] | None = None,
) -> None:
    """Play bot games (`bots` by name) and print speed, mean scores and win rates per bot; `per_game`
    names one more mean (e.g. turns per game) and how to read it off a final state."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=default_players, choices=players)
    parser.add_argument("--options", default="{}", help="the game's options as JSON")
    parser.add_argument("--rotate", action="store_true", help="shift the bots one seat on after each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bots", default=default_bot,
        help=f"comma-separated bot per seat ({', '.join(bots)}); the last name fills the seats left "
        "(`best,heuristic`: one best bot against heuristic ones)",
    )
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    names += names[-1:] * (args.players - len(names))
    if len(names) != args.players or any(n not in bots for n in names):
        parser.error(f"--bots needs at most {args.players} names out of {', '.join(bots)}")
    seated_bots = [bots[n] for n in names]
    options = json.loads(args.options)
    rng = random.Random(args.seed)
    totals, wins, events, extra = [0] * args.players, [0.0] * args.players, 0, 0.0
    started = time.perf_counter()
    for game in range(args.games):
        shift = game % args.players if args.rotate else 0
        seated = seated_bots[-shift:] + seated_bots[:-shift] if shift else seated_bots
        state, history = play(rules, seated, rng, options)
        events += len(history)
        extra += per_game[1](state) if per_game else 0
        for score in state.scores:  # credited to the bot (its first seat), wherever it sat this game
            totals[(score["seat"] - shift) % args.players] += score["total"]
        for seat in state.winners:
            wins[(seat - shift) % args.players] += 1 / len(state.winners)
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {args.players} players in {elapsed:.2f} s: "
          f"{args.games / elapsed:.1f} games/s, {events / elapsed:,.0f} events/s"
          + (f", {extra / args.games:.1f} {per_game[0]}" if per_game else ""))
    for seat in range(args.players):
        print(f"bot {seat} ({names[seat]}): mean score {totals[seat] / args.games:.2f}, "
              f"win rate {wins[seat] / args.games:.1%}")
