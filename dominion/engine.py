"""`RULES`: the one object the hosting, the bots and the tests use to play Dominion."""

from __future__ import annotations

import random
from typing import Any

from . import events
from .decide import awaiting, decide
from .events import Event
from .evolve import evolve, fold
from .legal import legal_commands
from .setup import MAX_PLAYERS, MIN_PLAYERS, setup
from .snapshot import dump_state, load_state
from .state import State
from .views import view


class DominionRules:
    """The rules of Dominion with Dark Ages as a decider; every method is pure."""

    kind = "dominion"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS

    def setup(self, options: dict[str, Any] | None, players: int, rng: random.Random) -> list[Event]:
        """The opening events of a new game."""
        return setup(options, players, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        """The state after `event`."""
        return evolve(state, event)

    def decide(self, state: State, seat: int, command: Any, rng: random.Random) -> list[Event]:
        """The events a command from `seat` causes; raises IllegalCommand."""
        return decide(state, seat, command, rng)

    def awaiting(self, state: State) -> list[int]:
        """The seats whose decision the game waits for."""
        return awaiting(state)

    def legal_commands(self, state: State, seat: int) -> list[dict[str, Any]]:
        """Every command `seat` may send now (a representative set for very many answers)."""
        return legal_commands(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) may see."""
        return view(state, seat)

    def encode(self, event: Event) -> dict[str, Any]:
        """The stable JSON form of an event."""
        return events.encode(event)

    def decode(self, data: dict[str, Any]) -> Event:
        """The event of a JSON form."""
        return events.decode(data)

    def redact(self, event: Event, seat: int | None) -> dict[str, Any] | None:
        """What `seat` may see of one event."""
        return events.redact(event, seat)

    def validate_options(self, options: dict[str, Any] | None, players: int) -> None:
        """Raise IllegalCommand('bad_options') unless a game with these options and players can start."""
        setup(options, players, random.Random(0))

    def dump_state(self, state: State) -> dict[str, Any]:
        """A state as JSON (for snapshots)."""
        return dump_state(state)

    def load_state(self, data: dict[str, Any]) -> State:
        """The state of a JSON form made by `dump_state`."""
        return load_state(data)

    def fold(self, history: list[Event], state: State | None = None) -> State:
        """The state after `history` (starting from `state`, e.g. a snapshot)."""
        assert history or state is not None, "an empty history has no state"
        return fold(history, state) if history else state  # type: ignore[return-value]


RULES = DominionRules()
