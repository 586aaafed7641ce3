"""Rules-engine speed, on one core: `python benchmarks/engine.py`.

For Citadels (two tables: the base game at 5 players, and an 8-player Dark City game with 9 characters, a
random character set and 5 Dark City districts per game) and for Dominion: the fold speed (events per second
through `RULES.fold`), the speed of the fold the service loads every game with (`GameKind.fold` of the
registry: the stored JSON forms decoded and folded), the decide+evolve speed (commands per second on
recorded positions), and whole heuristic-bot games (ms per game). The fold and decide figures are the best
of `--repeat` passes (other processes on the machine only ever make a pass slower); the machine's load is
printed with them.
"""

from __future__ import annotations

import argparse
import json
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
from dominion.simulate import MIXED  # noqa: E402
from dominion.simulate import play as play_dominion  # noqa: E402
from games.registry import GameKind  # noqa: E402 (plain Python: no Django settings needed)

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

    fold_seconds = best(repeat, lambda: [RULES.fold(history) for history in histories])
    service_rate = events / service_fold(GameKind("citadels", "Citadels", RULES), histories, repeat)

    positions = []
    for seed in range(games // 3):
        rng = random.Random(seed)
        state = RULES.fold(RULES.setup(options, players, rng))
        while seats := RULES.awaiting(state):
            command = heuristic_bot(state, seats[0], rng)
            positions.append((state, seats[0], command))
            for event in RULES.decide(state, seats[0], command, rng):
                state = RULES.evolve(state, event)
    def decide_all() -> None:
        rng = random.Random(0)
        for state, seat, command in positions:
            for event in RULES.decide(state, seat, command, rng):
                state = RULES.evolve(state, event)

    decide_rate = len(positions) / best(repeat, decide_all)
    view_rate = views_per_second(histories[: max(1, games // 10)], players, repeat)

    print(f"== {title}: {games} heuristic-bot games, {events / games:.0f} events each (best of {repeat} passes; "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    print(f"fold:            {events / fold_seconds:12,.0f} events/s ({fold_seconds / games * 1000:.2f} ms per game)")
    print(f"service fold:    {service_rate:12,.0f} events/s ({SERVICE_FOLD})")
    print(f"decide+evolve:   {decide_rate:12,.0f} commands/s")
    print(f"views:           {view_rate:12,.0f} views/s (every seat's and a spectator's, after each event)")
    print(f"full bot game:   {game_seconds * 1000:12.2f} ms per game ({1 / game_seconds:,.0f} games/s)")


def views_per_second(histories: list[list[Any]], players: int, repeat: int) -> float:
    """Citadels views per second: after every event of `histories`, the view of every seat and of a
    spectator, as the service sends them to a table's players."""
    states = []
    for history in histories:
        state = None
        for event in history:
            state = RULES.evolve(state, event)
            states.append(state)
    seats = [None, *range(players)]
    return len(states) * len(seats) / best(repeat, lambda: [RULES.view(s, seat) for s in states for seat in seats])


SERVICE_FOLD = "GameKind.fold: RULES.fold of the stored JSON forms through RULES.decode"


def best(repeat: int, run: Any) -> float:
    """The shortest of `repeat` runs, in seconds."""
    passes = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        passes.append(time.perf_counter() - started)
    return min(passes)


def service_fold(kind: GameKind, histories: list[list[Any]], repeat: int) -> float:
    """Seconds to load every game as the service does (`games.store.load_state` folds the tail of the log
    with `GameKind.fold`), from the JSON forms as the database gives them back."""
    rules = kind.rules
    stored = [json.loads(json.dumps([rules.encode(e) for e in history])) for history in histories]
    return best(repeat, lambda: [kind.fold(None, datas) for datas in stored])


def main() -> None:
    """Measure every table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5, help="passes of each fold and decide (best counts)")
    parser.add_argument("--dominion-games", type=int, default=100)
    parser.add_argument("--dominion-players", type=int, default=3)
    args = parser.parse_args()
    for title, players, options in TABLES:
        measure(title, players, options, args.games, args.repeat)
    dominion(args.dominion_games, args.dominion_players, args.repeat)
    dominion(args.dominion_games, args.dominion_players, args.repeat, mixed=True)


def dominion(games: int, players: int, repeat: int, mixed: bool = False) -> None:
    """The same figures for Dominion with Dark Ages (random kingdoms; `mixed`: kingdoms drawn from both
    boxes, Dark Ages and the base game), and its fold event by event."""
    bots = [dominion_bot] * players
    started = time.perf_counter()
    histories = [play_dominion(bots, random.Random(seed), mixed=mixed)[1] for seed in range(games)]
    game_seconds = (time.perf_counter() - started) / games
    events = sum(len(h) for h in histories)

    def evolve_each() -> None:
        for history in histories:
            state = None
            for event in history:  # event by event through `evolve` (a copy of the state per event)
                state = DOMINION.evolve(state, event)

    evolve_rate = events / best(repeat, evolve_each)
    fold_rate = events / best(repeat, lambda: [DOMINION.fold(history) for history in histories])
    service_rate = events / service_fold(GameKind("dominion", "Dominion", DOMINION), histories, repeat)

    positions = []
    for seed in range(games // 3):
        rng = random.Random(seed)
        state = DOMINION.fold((MIXED if mixed else DOMINION).setup({}, players, rng))
        while seats := DOMINION.awaiting(state):
            command = dominion_bot(state, seats[0], rng)
            positions.append((state, seats[0], command))
            state = DOMINION.fold(DOMINION.decide(state, seats[0], command, rng), state)
    def decide_all() -> None:
        rng = random.Random(0)
        for state, seat, command in positions:
            DOMINION.fold(DOMINION.decide(state, seat, command, rng), state)

    decide_rate = len(positions) / best(repeat, decide_all)

    kingdoms = "kingdoms of both boxes" if mixed else "Dark Ages kingdoms"
    print(f"== Dominion ({kingdoms}): {games} heuristic-bot games of {players} players, {events / games:.0f} events each "
          f"(best of {repeat} passes; load {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    print(f"evolve each:     {evolve_rate:12,.0f} events/s")
    print(f"fold:            {fold_rate:12,.0f} events/s")
    print(f"service fold:    {service_rate:12,.0f} events/s ({SERVICE_FOLD})")
    print(f"decide+evolve:   {decide_rate:12,.0f} commands/s")
    print(f"full bot game:   {game_seconds * 1000:12.2f} ms per game ({1 / game_seconds:,.0f} games/s)")


if __name__ == "__main__":
    main()
