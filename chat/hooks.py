"""The chat's one extension point: subscribers run when a message was posted, inside its transaction
(the notifications app writes its outbox rows here, so the chat imports nothing of the mail)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Message

Subscriber = Callable[["Message"], None]
_subscribers: list[Subscriber] = []


def subscribe(subscriber: Subscriber) -> Subscriber:
    """Register a subscriber (once; registering again is a no-op)."""
    if subscriber not in _subscribers:
        _subscribers.append(subscriber)
    return subscriber


def unsubscribe(subscriber: Subscriber) -> None:
    """Remove a subscriber (tests)."""
    if subscriber in _subscribers:
        _subscribers.remove(subscriber)


def message_posted(message: Message) -> None:
    """Tell every subscriber of a new message (inside the transaction that wrote it: a subscriber that
    raises undoes the message)."""
    for subscriber in list(_subscribers):
        subscriber(message)
