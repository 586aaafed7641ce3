"""How a game's events change its state: `evolve` (one event) and `fold` (a whole history).

A game gives the state its first event makes (`start`), one handler per other event type, and a working
copy of its state (`thaw` makes one, `freeze` turns it back into a state). A handler changes the working
copy in place. `evolve` thaws, applies one event and freezes; `fold` thaws once, applies every event and
freezes once: a long game's fold copies the state once, not once per event, and both run the same
handlers, so they cannot differ.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Generic, TypeVar

from .events import Event
from .takeback import TAKEN_BACK, restored_state

StateT = TypeVar("StateT")
WorkT = TypeVar("WorkT")

FIRST_EVENT = "game_set_up"


class Fold(Generic[StateT, WorkT]):
    """One game's `evolve` and `fold` (pure: the state given is never changed)."""

    def __init__(
        self,
        start: Callable[[Event], StateT],
        handlers: Mapping[str, Callable[[WorkT, Event], None]],
        thaw: Callable[[StateT], WorkT],
        freeze: Callable[[WorkT], StateT],
    ) -> None:
        self.start, self.thaw, self.freeze = start, thaw, freeze
        self.handlers = dict(handlers)
        self.load: Callable[[dict[str, object]], StateT] | None = None

    def restore_with(self, load: Callable[[dict[str, object]], StateT]) -> None:
        """Let the fold take moves back: a `taken_back` event makes the state `load` reads from it."""
        self.load = load

    def evolve(self, state: StateT | None, event: Event) -> StateT:
        """The state after `event`; `evolve(None, game_set_up)` makes the first state."""
        if state is None:
            return self._start(event)
        if event.type == TAKEN_BACK:
            return self._restore(event)
        work = self.thaw(state)
        self.apply(work, event)
        return self.freeze(work)

    def fold(self, history: Iterable[Event], state: StateT | None = None) -> StateT:
        """The state after `history`, starting from `state` (e.g. a snapshot; None: from the beginning)."""
        events = iter(history)
        if state is None:
            first = next(events, None)
            if first is None:
                raise ValueError("an empty history has no state")
            state = self._start(first)
        work = self.thaw(state)
        handlers = self.handlers
        for event in events:
            handler = handlers.get(event.type)
            if handler is None:
                if event.type != TAKEN_BACK:
                    raise ValueError(f"unknown event type {event.type!r}")
                work = self.thaw(self._restore(event))  # off the hot path: only a takeback gets here
                continue
            handler(work, event)
        return self.freeze(work)

    def apply(self, work: WorkT, event: Event) -> None:
        """Change a working copy by one event (ValueError for an event that does not fit)."""
        handler = self.handlers.get(event.type)
        if handler is None:
            raise ValueError(f"unknown event type {event.type!r}")
        handler(work, event)

    def _restore(self, event: Event) -> StateT:
        if self.load is None:
            raise ValueError("this game's fold cannot take moves back")
        return self.load(restored_state(event))

    def _start(self, event: Event) -> StateT:
        if event.type != FIRST_EVENT:
            raise ValueError(f"a game starts with {FIRST_EVENT}, not {event.type}")
        return self.start(event)
