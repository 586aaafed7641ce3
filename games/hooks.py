"""The one extension point after events are appended: subscribers run inside the same transaction.

The notifications app registers here from its `AppConfig.ready()` to write outbox rows (and deadlines)
atomically with the events that cause them:

    from games import hooks
    hooks.subscribe(my_function)   # my_function(batch: hooks.EventsAppended) -> None

A subscriber that raises rolls the whole command back, so subscribers must only write, never send.
Subscribers run after the events are inserted and before the game's row is updated: the projection
columns a subscriber sets on `batch.game` (the deadline) are written by the service's one UPDATE.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from accounts.models import User

    from .models import Command, Event, Game


@dataclass(frozen=True)
class EventsAppended:
    """One batch of events just appended to a game (inside the open transaction)."""

    game: Game  # with its projection columns already set (written to its row right after the subscribers)
    events: list[Event]
    state: Any  # the rules' state after the batch
    previous_status: str
    previous_awaiting: list[int]
    actor: User | None  # None for events of the system (setup)
    seat: int | None
    command: Command | None


Subscriber = Callable[[EventsAppended], None]
_subscribers: list[Subscriber] = []


def subscribe(subscriber: Subscriber) -> Subscriber:
    """Register a subscriber (once; registering again is a no-op). Usable as a decorator."""
    if subscriber not in _subscribers:
        _subscribers.append(subscriber)
    return subscriber


def unsubscribe(subscriber: Subscriber) -> None:
    """Remove a subscriber (tests)."""
    if subscriber in _subscribers:
        _subscribers.remove(subscriber)


def on_events_appended(batch: EventsAppended) -> None:
    """Called by games.services after every append, inside the transaction."""
    for subscriber in list(_subscribers):
        subscriber(batch)
