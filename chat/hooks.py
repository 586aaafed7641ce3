"""The chat's one extension point: subscribers run when a message was posted, inside its transaction
(the notifications app writes its outbox rows here, so the chat imports nothing of the mail)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.registry import Listeners

if TYPE_CHECKING:
    from .models import Message

_posted: Listeners[[Message], None] = Listeners()
subscribe = _posted.register  # register a subscriber (once; again is a no-op)


def message_posted(message: Message) -> None:
    """Tell every subscriber of a new message (inside the transaction that wrote it: a subscriber that
    raises undoes the message)."""
    _posted(message)
