"""A helper for building Dominion situations in card-by-card tests.

`Table` sets up a game with a chosen kingdom and stacked starting decks (`decks`, top first: the first 5
are seat 0's... each seat's opening hand), drives it through `RULES.decide` (each JSON command read first
as the service reads it: `decide_json`), and can move named cards from their piles into any zone (`put`)
to reach a situation without playing ten turns. Every such move keeps each physical card in exactly one
zone, and every step checks that.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dominion import RULES, IllegalCommand
from dominion.events import Event
from dominion.state import State, zone_list

from ..rules_kit.json_commands import decide_json
from .invariants import check_state, check_waiting

FILLER = ["poor_house", "squire", "forager", "sage", "armory", "ironmonger", "bandit_camp", "junk_dealer",
          "mystic", "altar", "count", "storeroom", "vagrant", "scavenger"]
START = ["copper"] * 5 + ["copper", "copper", "hovel", "necropolis", "overgrown_estate"]


def kingdom(*cards: str) -> list[str]:
    """10 kingdom piles: `cards` and fillers."""
    chosen = list(dict.fromkeys(cards))
    return chosen + [c for c in FILLER if c not in chosen][: 10 - len(chosen)]


class Table:
    """One game under test."""

    def __init__(self, *cards: str, players: int = 2, hand: list[str] | None = None,
                 deck: list[str] | None = None, seed: int = 0, **options: Any) -> None:
        first = (hand or START[:5]) + (deck or START[5:])
        assert len(first) == 10
        decks = [first] + [list(START) for _ in range(players - 1)]
        self.options = {"kingdom": kingdom(*cards), "decks": decks, **options}
        self.rng = random.Random(seed)
        self.events: list[Event] = RULES.setup(self.options, players, self.rng)
        self.state: State = RULES.fold(self.events)

    # --- reading ---------------------------------------------------------------------------------------

    @property
    def seat(self) -> int:
        waiting = RULES.awaiting(self.state)
        assert len(waiting) == 1, waiting
        return waiting[0]

    def names(self, seat: int, zone: str) -> list[str]:
        return [self.state.names[c] for c in zone_list(self.state, seat, zone)]

    def hand(self, seat: int = 0) -> list[str]:
        return self.names(seat, "hand")

    def pile(self, pile: str) -> int:
        return len(self.state.piles[pile])

    def trash(self) -> list[str]:
        return [self.state.names[c] for c in self.state.trash]

    def id(self, name: str, seat: int = 0, zone: str = "hand", nth: int = 0) -> int:
        """The number of the `nth` card called `name` in a zone."""
        return [c for c in zone_list(self.state, seat, zone) if self.state.names[c] == name][nth]

    def decision(self, seat: int | None = None) -> dict[str, Any]:
        return self.state.pending[self.seat if seat is None else seat]

    def legal(self, seat: int | None = None) -> list[dict[str, Any]]:
        return RULES.legal_commands(self.state, self.seat if seat is None else seat)

    # --- acting ----------------------------------------------------------------------------------------

    def do(self, command: dict[str, Any] | str, by: int | None = None, **fields: Any) -> list[Event]:
        if isinstance(command, str):
            command = {"type": command, **fields}
        before = RULES.dump_state(self.state)
        events = decide_json(RULES, self.state, self.seat if by is None else by, command, self.rng)
        assert RULES.dump_state(self.state) == before  # decide never changes the state
        self.state = RULES.fold(events, self.state)
        self.events += events
        check_state(self.state)
        check_waiting(self.state, random.Random(0))
        return events

    def play(self, name: str, seat: int = 0) -> list[Event]:
        return self.do("play", card=self.id(name, seat))

    def pick(self, *names: str, by: int | None = None, zone: str | None = None) -> list[Event]:
        """Answer a cards decision with cards of these names (the first offered of each)."""
        seat = self.seat if by is None else by
        offered = list(self.state.pending[seat]["cards"])
        chosen = []
        for name in names:
            card = next(c for c in offered if self.state.names[c] == name and c not in chosen)
            chosen.append(card)
        return self.do("decide", by=seat, cards=chosen)

    def choose(self, choice: str, by: int | None = None) -> list[Event]:
        return self.do("decide", by=by, choice=choice)

    def refuse(self, command: dict[str, Any] | str, by: int | None = None, **fields: Any) -> str:
        if isinstance(command, str):
            command = {"type": command, **fields}
        with pytest.raises(IllegalCommand) as error:
            decide_json(RULES, self.state, self.seat if by is None else by, command, self.rng)
        assert error.value.message
        return error.value.code

    # --- arranging -------------------------------------------------------------------------------------

    def put(self, seat: int, zone: str, *names: str) -> None:
        """Move cards of these names into a seat's zone (onto a deck: the first ends on top), taking each
        from the game's piles (or, for Shelters, from that seat's other zones)."""
        state = RULES.load_state(RULES.dump_state(self.state))
        target = zone_list(state, seat, zone)
        for name in reversed(names) if zone == "deck" else names:
            card = self._find(state, seat, name, target)
            if zone == "deck":
                target.insert(0, card)
            else:
                target.append(card)
        self.state = state
        check_state(self.state)

    def clear(self, seat: int, zone: str) -> None:
        """Move every card of a seat's zone out of the way (no effects): back onto its Supply pile, or
        (a Shelter) into the seat's discard pile."""
        state = RULES.load_state(RULES.dump_state(self.state))
        for card in zone_list(state, seat, zone):
            name = state.names[card]
            state.piles[name].insert(0, card) if name in state.piles else state.zones[seat]["discard"].append(card)
        zone_list(state, seat, zone).clear()
        self.state = state

    def _find(self, state: State, seat: int, name: str, target: list[int]) -> int:
        places = [*state.piles.values(), state.trash,
                  *(z for s in range(state.players) for z in state.zones[s].values())]
        for place in places:
            if place is target:
                continue
            for card in place:
                if state.names[card] == name:
                    place.remove(card)
                    return card
        raise AssertionError(f"no {name} to move")
