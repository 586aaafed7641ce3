"""The state of a game: every physical card by its number, in exactly one zone.

A `State` is treated as immutable by everyone: `evolve` applies an event to a copy (`clone`), and the
engine works on its own copy while it decides. `clone` copies every field by its declared type, so a new
field is copied without being listed anywhere. Card numbers index `names`; every zone is a list of card
numbers: decks and piles top first, discard piles oldest first (the last card is the face-up top).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Required, TypedDict, get_args, get_origin, get_type_hints

ACTION_PHASE, BUY_PHASE, OVER = "action", "buy", "over"
SEAT_ZONES = ("deck", "hand", "discard", "in_play", "set_aside")
TRASH = "trash"
PILE = "pile:"  # zone name prefix of a Supply or non-Supply pile: "pile:copper"

Answer = Any
"""A player's answer to a decision, as its kind gives it: a choice or a name (str), cards (list of card
numbers), or, to a joint decision, seat (as str) -> answer."""


class FrameData(TypedDict, total=False):
    """What an effect keeps between its steps (`Recorder.then`, `Recorder.ask` take these as keywords)."""

    card: int  # the card whose effect this is ("this")
    joint: bool  # the answer is a joint decision's: seat -> answer
    target: int  # the card played twice (Throne Room, Procession, Counterfeit, Vassal)
    top: list[int] | int  # the cards looked at (Ironmonger's: the one card revealed)
    aside: list[int]  # Library's set-aside cards
    asked: list[int]  # the seats still asked (Beggar)
    done: list[int]  # the Urchins already asked about
    choice: str
    victims: list[int]  # the seats an Attack still has to deal with, in turn order
    victim: int
    revealed: list[int]
    stolen: list[int]  # Thief: the Treasures trashed so far
    shielded: list[int]  # the seats a Moat shields from this Attack
    knight: bool  # the trash attack is a Knight's (it may trash itself)
    hit: bool  # the Knight trashed a Knight
    todo: list[int]  # trashed cards whose when-trashed effects wait
    offer: bool  # Market Square may still be offered
    trashed: int
    urchin: int


class Frame(FrameData, total=False):
    """One effect on the stack: `op` (a card id or a flow step), the seat it belongs to, its step."""

    op: Required[str]
    seat: Required[int]
    step: Required[int]
    ans: Answer  # the answer the step continues with (set by the engine, never by `then`)


class Decision(TypedDict, total=False):
    """What is asked of a player (decisions.py makes them)."""

    seat: Required[int]
    card: Required[str]  # the card that asks
    prompt: Required[str]
    kind: Required[str]  # cards, choice, name or order
    cards: list[int]
    min: int
    max: int
    options: list[str]
    seen: list[int]  # the cards the player looks at to decide
    reaction: str  # the reaction card whose standing answer applies


class Score(TypedDict):
    """One seat's score at the end."""

    seat: int
    total: int
    turns: int
    cards: int


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
    answers: dict[int, Answer] = field(default_factory=dict)  # answers already given to a joint decision
    scores: list[Score] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    # Plays this turn of the cards Merchant cares about (merchant, silver), counted only in games with
    # Merchant: the first Silver played gets +$1 per Merchant played before it.
    turn_plays: dict[str, int] = field(default_factory=dict)
    resigned: list[int] = field(default_factory=list)  # seats whose player resigned (rules_kit.resign)

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


Copy = Callable[[Any], Any]


def _copier(annotation: Any) -> Copy | None:
    """How to copy a value of a declared type so that changing the copy's containers leaves the original as
    it was: lists and dicts are copied down to their immutable items (None: the value is shared: numbers,
    text, tuples, and the frames, decisions and scores, which are never changed in place)."""
    origin = get_origin(annotation)
    if origin is list:
        items = _copier(get_args(annotation)[0])
        if items is None:
            return list.copy
        item: Copy = items
        return lambda value: [item(x) for x in value]
    if origin is dict:
        values = _copier(get_args(annotation)[1])
        if values is None:
            return dict.copy
        value_copy: Copy = values
        return lambda value: {k: value_copy(x) for k, x in value.items()}
    return None


_HINTS = get_type_hints(State)
_COPIED = tuple((f.name, _copier(_HINTS[f.name])) for f in fields(State))


def clone(state: State) -> State:
    """A copy whose containers can be changed without touching `state`: every field, by its type."""
    copy = object.__new__(State)
    for name, copier in _COPIED:
        value = getattr(state, name)
        setattr(copy, name, value if copier is None else copier(value))
    return copy


def looked_at(f: Frame) -> list[int]:
    """The cards an effect keeps in `top`, as a list (Ironmonger's frame keeps its one card bare)."""
    top = f["top"]
    return [top] if isinstance(top, int) else top


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
