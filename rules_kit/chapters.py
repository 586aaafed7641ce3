"""How a game's history divides into rounds and turns: the chapters of its history page and the steps of
its replay, told by each game from the public part of its events only (what every spectator sees), so a
chapter's bounds never give away a hidden card.

A chapter is a plain dict: `round` and `turn` (whole numbers; round 0 is the setup before the first round)
and whatever public facts the game's words need to title it (e.g. `seat`, `character`). The hosting finds
a game's chapter openings by their event types (`Chapters.types`), so it reads only those events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .events import JsonObject

Chapter = JsonObject
"""`round`, `turn` and the game's own public facts about them (e.g. whose turn it is)."""


def _opens_none(seen: Mapping[str, object], previous: Chapter | None) -> Chapter | None:
    """A game without chapters: its whole history is one."""
    return None


@dataclass(frozen=True)
class Chapters:
    """A game's division of its history: `types`, the event types that may open a chapter; `opens(seen,
    previous)`, the chapter an event opens (`seen`: the event as a spectator sees it, with its `type`;
    `previous`: the chapter before it, None at the start), or None when it opens none."""

    types: frozenset[str] = field(default_factory=frozenset)
    opens: Callable[[Mapping[str, object], Chapter | None], Chapter | None] = _opens_none

    def walk(self, seens: Iterable[tuple[int, Mapping[str, object]]]) -> list[tuple[int, Chapter]]:
        """The chapters opened by these (seq, seen) events, in order, as (the opening seq, the chapter)."""
        found: list[tuple[int, Chapter]] = []
        previous: Chapter | None = None
        for seq, seen in seens:
            chapter = self.opens(seen, previous)
            if chapter is not None:
                found.append((seq, chapter))
                previous = chapter
        return found


NO_CHAPTERS = Chapters()
"""The default: one chapter, the whole history."""
