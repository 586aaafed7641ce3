"""Events: what happened, split by who may see it.

Every event has a `public` part (everyone, spectators included), a `private` part per seat (only that
seat), and a `secret` part that never leaves the server (deck orders, face-down cards). A seat's view of
an event is its public part plus its own private part; `redact` is the only way an event leaves the server.
Payloads hold JSON values only (lists, not tuples) so that `decode(encode(e)) == e`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalCommand

EVENT_SCHEMA_VERSION = 1

Payload = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """One immutable event. Treat the payload dicts as read-only."""

    type: str
    public: Payload = field(default_factory=dict)
    private: dict[int, Payload] = field(default_factory=dict)
    secret: Payload = field(default_factory=dict)
    v: int = EVENT_SCHEMA_VERSION


def encode(event: Event) -> dict[str, Any]:
    """The stable JSON form of an event (the server stores this)."""
    data: dict[str, Any] = {"type": event.type, "v": event.v, "public": event.public}
    if event.private:
        data["private"] = {str(seat): part for seat, part in event.private.items()}
    if event.secret:
        data["secret"] = event.secret
    return data


def decode(data: dict[str, Any]) -> Event:
    """The event of a JSON form made by `encode`; upcasts older schema versions."""
    try:
        private = {int(seat): dict(part) for seat, part in data.get("private", {}).items()}
        return Event(
            type=str(data["type"]),
            public=dict(data.get("public", {})),
            private=private,
            secret=dict(data.get("secret", {})),
            v=int(data.get("v", EVENT_SCHEMA_VERSION)),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise IllegalCommand("bad_event", f"not an encoded event: {error}") from error


def redact(event: Event, seat: int | None) -> dict[str, Any] | None:
    """What `seat` (None: a spectator) may see of one event: its public part and that seat's own part."""
    seen: dict[str, Any] = {"type": event.type, **event.public}
    if seat is not None and seat in event.private:
        seen.update(event.private[seat])
    return seen
