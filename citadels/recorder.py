"""A recorder of the events one decision produces.

Each emitted event is folded at once, so the logic that follows (who is called next, does the round end)
reads the state as it will be, and `decide` stays a sequence of small steps.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypeVar

from .events import CODEC, Event, Payload
from .evolve import evolve
from .state import State

Item = TypeVar("Item")


class Recorder:
    """Collects events and keeps the state they lead to."""

    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.rng = rng
        self.events: list[Event] = []

    def emit(
        self, type: str, public: Payload, private: dict[int, Payload] | None = None,
        secret: Payload | None = None,
    ) -> None:
        """Record one event and fold it into the state."""
        event = CODEC.event(type, public, private, secret)
        self.state = evolve(self.state, event)
        self.events.append(event)

    def shuffled(self, items: Iterable[Item]) -> list[Item]:
        """A shuffled copy of `items`, from the caller's random source only."""
        result = list(items)
        self.rng.shuffle(result)
        return result
