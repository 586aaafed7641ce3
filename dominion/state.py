"""The state of a game: every physical card by its number, in exactly one zone.

A `State` is treated as immutable by everyone: `evolve` applies an event to a copy (`clone`), and the
engine works on its own copy while it decides. Card numbers index `names`; every zone is a list of card
numbers: decks and piles top first, discard piles oldest first (the last card is the face-up top).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ACTION_PHASE, BUY_PHASE, OVER = "action", "buy", "over"
SEAT_ZONES = ("deck", "hand", "discard", "in_play", "set_aside")
TRASH = "trash"
PILE = "pile:"  # zone name prefix of a Supply or non-Supply pile: "pile:copper"

Frame = dict[str, Any]
Decision = dict[str, Any]


@dataclass(slots=True)
class State:
    """Everything the server knows about one game."""

    names: tuple[str, ...]  # card number -> card id ("copper")
    players: int
    kingdom: tuple[str, ...]
    shelters: bool
    supply: tuple[str, ...]  # the Supply's piles in display order
    non_supply: tuple[str, ...]  # Spoils, Madman, Mercenary when used
    zones: list[dict[str, list[int]]]  # per seat: deck, hand, discard, in_play, set_aside
    piles: dict[str, list[int]]  # every pile (Supply and not), top first
    trash: list[int] = field(default_factory=list)
    phase: str = ACTION_PHASE
    turn: int = 0  # turns begun in the whole game
    current: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    bought: int = 0  # cards bought this turn (the Hermit cares)
    turns: list[int] = field(default_factory=list)  # turns taken per seat (the tie-break)
    standing: list[dict[str, str]] = field(default_factory=list)  # per seat: reaction -> always/never
    stack: list[Frame] = field(default_factory=list)  # the effects still to resolve, innermost last
    pending: dict[int, Decision] = field(default_factory=dict)  # seat -> the decision asked of it
    answers: dict[int, Any] = field(default_factory=dict)  # answers already given to a joint decision
    scores: list[dict[str, Any]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    # Plays this turn of the cards Merchant cares about (merchant, silver), counted only in games with
    # Merchant: the first Silver played gets +$1 per Merchant played before it.
    turn_plays: dict[str, int] = field(default_factory=dict)

    def zone(self, seat: int, name: str) -> list[int]:
        """One of a seat's zones (read only)."""
        return self.zones[seat][name]

    def hand(self, seat: int) -> list[int]:
        """A seat's hand (read only)."""
        return self.zones[seat]["hand"]

    def top(self, pile: str) -> int | None:
        """The top card of a pile, if any."""
        cards = self.piles[pile]
        return cards[0] if cards else None

    def awaiting(self) -> list[int]:
        """The seats whose command the game waits for."""
        if self.phase == OVER:
            return []
        if self.pending:
            return sorted(s for s in self.pending if s not in self.answers)
        return [self.current]

    def order_from(self, seat: int) -> list[int]:
        """Every other seat in turn order, from `seat`'s left."""
        return [(seat + i) % self.players for i in range(1, self.players)]


def clone(state: State) -> State:
    """A copy whose containers can be changed without touching `state` (frames and decisions are
    never changed in place, so they are shared)."""
    return State(
        names=state.names, players=state.players, kingdom=state.kingdom, shelters=state.shelters,
        supply=state.supply, non_supply=state.non_supply,
        zones=[{"deck": z["deck"][:], "hand": z["hand"][:], "discard": z["discard"][:],
                "in_play": z["in_play"][:], "set_aside": z["set_aside"][:]} for z in state.zones],
        piles={k: v[:] for k, v in state.piles.items()}, trash=state.trash[:], phase=state.phase,
        turn=state.turn, current=state.current, actions=state.actions, buys=state.buys, coins=state.coins,
        bought=state.bought, turns=state.turns[:], standing=[dict(d) for d in state.standing],
        stack=state.stack[:], pending=dict(state.pending), answers=dict(state.answers),
        scores=state.scores[:], winners=state.winners[:], turn_plays=dict(state.turn_plays),
    )


def zone_list(state: State, seat: int, zone: str) -> list[int]:
    """The list behind a zone name: a seat's zone, the trash, or a pile ("pile:<id>")."""
    if zone == TRASH:
        return state.trash
    if zone.startswith(PILE):
        return state.piles[zone[len(PILE):]]
    return state.zones[seat][zone]


def owned(state: State, seat: int) -> list[int]:
    """Every card a seat has (deck, hand, discard, in play, set aside)."""
    return [c for name in SEAT_ZONES for c in state.zones[seat][name]]
