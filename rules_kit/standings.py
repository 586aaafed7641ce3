"""The standings at a game's end: each seat's place from the game's own order of results."""

from __future__ import annotations

from collections.abc import Sequence


def places(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Each seat's place (1 is the best) from its result key, a higher key placing better: seats of equal
    keys share a place and the next place skips them (1, 1, 3), as a rulebook's shared win does."""
    return [1 + sum(1 for other in keys if key < other) for key in keys]
