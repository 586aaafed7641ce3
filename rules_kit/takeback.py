"""Taking moves back: which of a seat's last moves it may take back alone, and the event that does it.

A move is taken back by appending one more event, `taken_back`: nothing in the log is deleted. The event
holds (in its secret part, which never leaves the server) the state the game returns to, so every fold of
the log (from the beginning, from a snapshot, one event at a time) reaches the same state as a fold that
skipped the taken-back events: `Fold` restores that state when it meets the event.

A seat may take back its own last moves without asking anyone as long as no other seat has moved since and
those moves showed nothing hidden to anyone (a card drawn, a deck shuffled, a character called, a card
revealed) nor asked another seat to decide: each game says which of its events do that (`Reveals`).

A player asks for it with every game's `take_back` command (`TAKE_BACK_SHAPE`, a command without fields,
declared for each game by `GameRules` beside `rules_kit.resign.RESIGN_SHAPE`). Unlike a resignation the
rules cannot decide it: how far back it goes depends on the log (which moves are still in effect, who sent
them, whether the other players agreed), which only the hosting reads; it decides with `free_takebacks`
and appends the game's `GameRules.takeback_event`.

A resignation (`rules_kit.resign.RESIGNED`) is final: no takeback, alone or agreed, reaches back past it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Literal, TypedDict

from .commands import CommandShape
from .events import Event, JsonObject
from .resign import RESIGNED

TAKE_BACK: Final = "take_back"
"""The command type of a takeback: the sender takes back their newest move (and every move since)."""

TAKE_BACK_SHAPE = CommandShape(TAKE_BACK)
"""The takeback command's shape (no fields: the seat is the sender's; the hosting finds the move)."""


class TakeBack(TypedDict):
    """A takeback command as `GameRules.normalize_command` returns it (never passed to a game's `decide`)."""

    type: Literal["take_back"]

TAKEN_BACK = "taken_back"
"""The type of the event that takes moves back (public: `seat`, `to`, `at`; secret: `state`)."""

Reveals = Callable[[Event, int], bool]
"""`reveals(event, seat)`: whether `event`, caused by a command of `seat`, showed anyone something hidden
or asked another seat to decide (then `seat` may not take the command back alone)."""


def reveals_any_hidden_part(event: Event, seat: int) -> bool:
    """The careful default of a game that names no events: an event with a private or a secret part."""
    return bool(event.private or event.secret)


def shown_to_another(event: Event, seat: int) -> bool:
    """Whether the event has a private part for a seat other than `seat` (it showed that seat something)."""
    return any(other != seat for other in event.private)


def free_takebacks(recent: Sequence[tuple[int, Sequence[Event]]], seat: int, reveals: Reveals) -> int:
    """How many of the newest moves `seat` may take back without the others' consent.

    `recent` holds the moves still in effect, oldest first, each as (the seat that sent it, its events).
    Counting from the newest: moves of `seat` whose events reveal nothing; the first move of another seat,
    the first that revealed something or the first that resigned (final) ends the count."""
    count = 0
    for mover, events in reversed(recent):
        if mover != seat or any(event.type == RESIGNED or reveals(event, seat) for event in events):
            break
        count += 1
    return count


def restored_state(event: Event) -> JsonObject:
    """The dumped state a `taken_back` event returns the game to."""
    state: JsonObject = event.secret["state"]
    return state
