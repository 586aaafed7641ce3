"""`RULES`: the one object the hosting, the bots and the tests use to play Citadels."""

from __future__ import annotations

import random
from typing import Any

from . import events
from .cards import CHARACTERS
from .decide import awaiting, decide
from .events import Event
from .evolve import evolve
from .legal import legal_commands
from .options import Rules, resolve
from .setup import setup
from .snapshot import dump_state, load_state
from .state import State
from .views import view


class CitadelsRules:
    """The rules of Citadels as a decider; every method is pure."""

    kind = "citadels"

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
        """Every command `seat` may send now."""
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

    def deck(self, options: dict[str, Any] | None) -> list[str]:
        """The district ids of the deck a game with these options uses, one per card."""
        return list(_any_table(options).deck)

    def characters(self, options: dict[str, Any] | None) -> list[str]:
        """The game's character ids in rank order; with `random_characters`, all 18 it may draw from (the
        drawn set is in the setup event and the views)."""
        if (options or {}).get("random_characters") is True:
            return sorted(CHARACTERS, key=lambda c: CHARACTERS[c].rank)
        return sorted(_any_table(options).characters, key=lambda c: CHARACTERS[c].rank)

    def validate_options(self, options: dict[str, Any] | None, players: int) -> None:
        """Raise IllegalCommand('bad_options') unless a game with these options and players can start."""
        resolve(options, players)

    def dump_state(self, state: State) -> dict[str, Any]:
        """A state as JSON (for snapshots)."""
        return dump_state(state)

    def load_state(self, data: dict[str, Any]) -> State:
        """The state of a JSON form made by `dump_state`."""
        return load_state(data)

    def fold(self, history: list[Event], state: State | None = None) -> State:
        """The state after `history` (starting from `state`, e.g. a snapshot)."""
        for event in history:
            state = evolve(state, event)
        assert state is not None, "an empty history has no state"
        return state


def _any_table(options: dict[str, Any] | None) -> Rules:
    """The options resolved for a table of a size they allow (8 players for 9 characters, else 5): the
    checks that depend on the number of players are made when the game is set up."""
    options = {k: v for k, v in (options or {}).items() if k != "character_orders"}
    given = options.get("characters")
    nine = options.get("random_characters") is True or (isinstance(given, list) and len(given) == 9)
    return resolve(options, 8 if nine else 5)


RULES = CitadelsRules()
