"""The bots' strength and speed, both games in one run (issue 36): `python benchmarks/bots.py [--games N]`.

Each game's match-ups are its own module's (`bots_dominion.py`, `bots_citadels.py`): this runner only plays
them with one number of games and one seed, and prints one table per game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bots_citadels  # noqa: E402
import bots_dominion  # noqa: E402

Rows = Callable[..., list[dict[str, object]]]


def cell(column: str, value: object) -> str:
    """A value as the table shows it: times (`*_ms`) in milliseconds, other fractions as percentages."""
    if isinstance(value, float):
        return f"{value:.2f}" if column.endswith("_ms") else f"{value:.1%}"
    return str(value)


def table(rows: list[dict[str, object]]) -> str:
    """The rows as a plain text table, one column per key, in the order the rows give them."""
    columns = list(dict.fromkeys(key for row in rows for key in row))
    cells = [[cell(column, row.get(column, "")) for column in columns] for row in rows]
    widths = [max(len(column), *(len(line[i]) for line in cells)) for i, column in enumerate(columns)]
    lines = ["  ".join(column.ljust(width) for column, width in zip(columns, widths, strict=True))]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)) for line in cells]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Play every match-up of both games and print their tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per match-up (at least 1,000 for the goals)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games: list[tuple[str, Rows]] = [("Dominion", bots_dominion.rows), ("Citadels", bots_citadels.rows)]
    for name, rows in games:
        print(f"== {name}: the strongest bot ('best') against the baselines, {args.games} games a match-up ==")
        print(table(rows(games=args.games, seed=args.seed)), flush=True)


if __name__ == "__main__":
    main()
