"""A small helper for building Citadels situations in rule-by-rule tests.

`Table` wraps a live game: it sets one up with a known deck and known character orders, drives it through
`RULES.decide` (each JSON command read first as the service reads it: `decide_json`) + `RULES.evolve`, and
may rewrite a player's gold, hand and city (a state is never changed in place: arranging makes a changed
copy) to reach e.g. "a Warlord facing a Keep" without playing ten rounds.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from citadels import RULES, IllegalCommand
from citadels.cards import BASE_CHARACTERS, CHARACTERS
from citadels.events import Event
from citadels.options import Rules, resolve
from citadels.state import TURNS, Built, Player, State

from ..rules_kit.json_commands import decide_json

RANK_ORDER = BASE_CHARACTERS
FILLER_HAND = ("tavern", "market", "temple", "watchtower")
FILLER_DECK = (
    "manor", "castle", "church", "docks", "prison", "harbor", "monastery", "battlefield",
    "trading_post", "palace", "cathedral", "town_hall", "fortress", "tavern", "market", "temple",
)


def with_player(state: State, player: Player) -> State:
    """A copy of `state` with one player (the one at `player.seat`) replaced: how a test arranges a city,
    a hand or gold without playing to it."""
    new = state.copy()
    new.set_player(player)
    return new


def deck_of(options: dict[str, Any] | None) -> list[str]:
    """The district ids of the deck a game with these options uses, one per card."""
    return list(_any_table(options).deck)


def characters_of(options: dict[str, Any] | None) -> list[str]:
    """The game's character ids in rank order; with `random_characters`, all 18 it may draw from."""
    if (options or {}).get("random_characters") is True:
        return sorted(CHARACTERS, key=lambda c: CHARACTERS[c].rank)
    return sorted(_any_table(options).characters, key=lambda c: CHARACTERS[c].rank)


def _any_table(options: dict[str, Any] | None) -> Rules:
    """The options resolved for a table of a size they allow (8 players for 9 characters, else 5)."""
    options = {k: v for k, v in (options or {}).items() if k != "character_orders"}
    given = options.get("characters")
    nine = options.get("random_characters") is True or (isinstance(given, list) and len(given) == 9)
    return resolve(options, 8 if nine else 5)


def order(*first: str, characters: tuple[str, ...] | list[str] = RANK_ORDER) -> list[str]:
    """A character order (top first): `first`, then the other `characters` in rank order.

    With 4 players the first two non-King cards lie face up, with 5 the first one; the next card is the
    face-down one; the rest is handed round.
    """
    ranked = sorted(characters, key=lambda c: CHARACTERS[c].rank)
    return list(first) + [c for c in ranked if c not in first]


class Table:
    """One game under test, with the state it has reached and every event so far."""

    def __init__(
        self, players: int, *orders: list[str], hands: list[list[str]] | None = None,
        deck: list[str] | None = None, seed: int = 0, **options: Any,
    ) -> None:
        hands = hands if hands is not None else [list(FILLER_HAND)] * players
        assert len(hands) == players and all(len(h) == 4 for h in hands), "4 cards per seat"
        cards = [d for hand in hands for d in hand] + list(FILLER_DECK if deck is None else deck)
        self.options = {"deck": cards, **options}
        if orders:
            self.options["character_orders"] = [list(o) for o in orders]
        self.rng = random.Random(seed)
        self.events: list[Event] = RULES.setup(self.options, players, self.rng)
        self.state: State = RULES.fold(self.events)

    # --- reading ---------------------------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The one seat the game waits for."""
        waiting = RULES.awaiting(self.state)
        assert len(waiting) == 1, waiting
        return waiting[0]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return RULES.view(self.state, seat)

    def legal(self, seat: int | None = None) -> list[dict[str, Any]]:
        return RULES.legal_commands(self.state, self.seat if seat is None else seat)

    def gold(self, seat: int) -> int:
        return self.state.players[seat].gold

    def hand(self, seat: int) -> list[str]:
        return list(self.state.players[seat].hand)

    def city(self, seat: int) -> list[str]:
        return list(self.state.players[seat].districts())

    def types(self, events: list[Event]) -> list[str]:
        return [e.type for e in events]

    # --- acting ----------------------------------------------------------------------------------------

    def do(self, command: dict[str, Any] | str, by: int | None = None, **fields: Any) -> list[Event]:
        """Decide `command` from seat `by` (default: the awaited seat) and fold its events into the state.

        A string command takes its fields as keywords: `do("destroy", seat=1, district="keep")`."""
        if isinstance(command, str):
            command = {"type": command, **fields}
        before = self.state
        events = decide_json(RULES, self.state, self.seat if by is None else by, command, self.rng)
        assert self.state is before  # decide never changes the state
        self.state = RULES.fold(events, self.state)
        self.events += events
        return events

    def refuse(self, command: dict[str, Any] | str, by: int | None = None, **fields: Any) -> str:
        """Assert that `command` from seat `by` (default: the awaited seat) is illegal now; return the code."""
        if isinstance(command, str):
            command = {"type": command, **fields}
        with pytest.raises(IllegalCommand) as error:
            decide_json(RULES, self.state, self.seat if by is None else by, command, self.rng)
        assert error.value.message  # a message a player understands
        return error.value.code

    def draft(self, *characters: str) -> None:
        """Each awaited seat in turn chooses (or, at the 2-player discard steps, discards) the next card."""
        for character in characters:
            action = self.state.draft_steps[0].action
            kind = "choose_character" if action == "choose" else "discard_character"
            self.do(kind, character=character)

    def income(self) -> list[Event]:
        """The awaited seat takes 2 gold."""
        return self.do("take_gold")

    def end(self) -> list[Event]:
        """The awaited seat ends its turn (taking 2 gold first if it has taken no income)."""
        turn = self.state.turn
        assert turn is not None
        events = [] if turn.income_taken else self.income()
        return events + self.do("end_turn")

    def finish_round(self) -> list[Event]:
        """Play every remaining turn of this round by taking gold and ending the turn."""
        number, events = self.state.round, []
        while self.state.phase == TURNS and self.state.round == number:
            events += self.end()
        return events

    # --- arranging -------------------------------------------------------------------------------------

    def set(
        self, seat: int, gold: int | None = None, hand: list[str] | None = None,
        city: list[str] | None = None, built_round: int = 0,
    ) -> None:
        """Rewrite one player's gold, hand or city (each district built in `built_round`)."""
        player = self.state.players[seat]
        if gold is not None:
            player = player._replace(gold=gold)
        if hand is not None:
            player = player._replace(hand=tuple(hand))
        if city is not None:
            player = player._replace(city=tuple(Built(d, built_round) for d in city))
        self.state = with_player(self.state, player)

    def add_to_city(self, seat: int, districts: list[str], built_round: int = 0) -> None:
        """Add districts (built in `built_round`) to a city, keeping the districts already there."""
        player = self.state.players[seat]
        city = player.city + tuple(Built(d, built_round) for d in districts)
        self.state = with_player(self.state, player._replace(city=city))

    def set_deck(self, deck: list[str], discard: list[str] | None = None) -> None:
        """Rewrite the draw pile (top first) and the discard pile."""
        self.state = replace(self.state, deck=tuple(deck), discard=tuple(discard or ()))


def of_type(events: list[Event], kind: str) -> list[Event]:
    """The events of one type."""
    return [e for e in events if e.type == kind]


def drafted(
    picks: list[str], face_up: tuple[str, ...] = (), face_down: str | None = None,
    players: int | None = None, later: tuple[list[str], ...] = (), **kwargs: Any,
) -> Table:
    """A game whose first draft is done: `picks` are the draft's choices (and, at 2 players, discards) in
    order, from the crown (seat 0) to the left; `face_up` and `face_down` the cards laid out first.
    `later` are the character orders of the next rounds."""
    players = players or len(picks)
    characters = kwargs.get("characters", RANK_ORDER)
    if face_down is None:
        face_down = next(c for c in characters if c not in picks and c not in face_up)
    table = Table(players, order(*face_up, face_down, characters=characters), *later, **kwargs)
    assert table.state.face_up == face_up and table.state.face_down == (face_down,)
    table.draft(*picks)
    return table
