"""Dominion's events (see `rules_kit.events` for their parts and stored form) and their format versions.

`decode` upcasts older versions to the current one:
* v1: Survivors' and Ironmonger's decisions (in `waiting`) do not show the cards looked at.
* v2: they do (`seen`, as Catacombs'), and a `looked_at` event tells Survivors' and Catacombs' cards to
  their player first; every other event of v1 reads the same in v2.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rules_kit.events import Event, EventCodec, Payload, encode, redact

from .commands import StandingAnswer
from .decisions import DecisionSummary, as_asked_now
from .state import Decision, Frame, Score

EVENT_SCHEMA_VERSION = 2

# The payloads the fold reads, by event type (public part; `...Secret`: the secret part). An event's parts
# are plain JSON dicts (`rules_kit.events`); these declare their keys so that mypy checks every read.


class GameSetUp(TypedDict):
    """game_set_up, public: the table everyone sees."""

    players: int
    kingdom: list[str]
    shelters: bool
    supply: list[str]
    non_supply: list[str]
    first: int
    sizes: dict[str, int]
    tops: dict[str, str]


class GameSetUpSecret(TypedDict):
    """game_set_up, secret: every card's name by number, the starting decks and the piles."""

    options: dict[str, object]
    names: list[str]
    zones: list[dict[str, list[int]]]
    piles: dict[str, list[int]]


MoveVerb = Literal[
    "drew", "discarded", "trashed", "gained", "played", "put_on_deck", "revealed", "returned", "put_in_hand",
    "set_aside", "cleaned_up",
]
"""The events that move cards from one zone to another; the verb is only for the history."""

Moved = TypedDict("Moved", {
    "seat": int, "from": str, "to": str, "count": int,
    "cards": NotRequired[list[int]], "names": NotRequired[list[str]],  # when everyone sees the cards
    "top": NotRequired[str],  # a face-down move to a discard pile: its new face-up top
})
"""The card moves (`evolve.MOVES`), public; the cards themselves are public, private or secret (`Shown`)."""


class Shown(TypedDict):
    """The cards of a move where they are told: `cards` (numbers) and, except in the secret part, `names`."""

    cards: list[int]
    names: NotRequired[list[str]]


class SeatCount(TypedDict):
    """shuffled: whose discard pile, how many cards (secret: `Shown`, the new deck's order)."""

    seat: int
    count: int


class Bonus(TypedDict):
    """bonus: +Actions, +Buys, +$ (absent: 0)."""

    seat: NotRequired[int]
    actions: NotRequired[int]
    buys: NotRequired[int]
    coins: NotRequired[int]


class TurnStarted(TypedDict):
    seat: int
    turn: int


class Seat(TypedDict):
    """turn_ended: whose turn it was; player_resigned: who resigned."""

    seat: int


class HandRevealed(TypedDict):
    seat: int
    cards: list[int]
    names: list[str]


class LookedAt(TypedDict):
    """looked_at: how many cards a seat looked at for which card (private to the seat: `Shown`)."""

    seat: int
    card: str
    count: int


class Chose(TypedDict):
    """chose: the card a seat named for Mystic or Rebuild."""

    seat: int
    card: str
    name: str


class ReactionRevealed(TypedDict):
    """reaction_revealed: a Moat shown against an Attack."""

    seat: int
    card: int
    name: str
    attack: str


class Phase(TypedDict):
    phase: str


class Bought(TypedDict):
    seat: int
    pile: str
    card: str
    cost: int


class PlayedByName(TypedDict):
    """played_again, played_from_supply: a card played where it lies."""

    seat: int
    card: int
    name: str


class Waiting(TypedDict):
    """waiting, public: who is asked, and about what."""

    seats: list[int]
    asks: list[DecisionSummary]


class WaitingPrivate(TypedDict):
    decision: Decision


class WaitingSecret(TypedDict):
    """waiting, secret: the effects still to resolve and the answers given to a joint decision so far."""

    stack: list[Frame]
    answers: dict[str, object]


class StandingSet(TypedDict):
    seat: int
    card: str
    answer: StandingAnswer


class PreferenceSet(TypedDict):
    """preference_set, private to its seat: the policy that answers `prompt` from now on ("ask": none).
    The public part is the seat only: what a player prefers is theirs (a bot of another seat forgets it)."""

    prompt: str
    policy: str


class GameEnded(TypedDict):
    scores: list[Score]
    winners: list[int]


def _upcast_1_to_2(event: Event) -> Event:
    if event.type != "waiting":
        return event._replace(v=2)
    stack: list[Frame] = event.secret.get("stack", [])
    private = {seat: {**part, "decision": as_asked_now(part["decision"], stack)} for seat, part in event.private.items()}
    return Event(event.type, event.public, private, event.secret, 2)


CODEC = EventCodec(EVENT_SCHEMA_VERSION, {1: _upcast_1_to_2})
decode = CODEC.decode

__all__ = ["CODEC", "EVENT_SCHEMA_VERSION", "Event", "Payload", "decode", "encode", "redact"]
