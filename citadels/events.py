"""Events: what happened, split by who may see it.

Every event has a `public` part (everyone, spectators included), a `private` part per seat (only that
seat), and a `secret` part that never leaves the server (deck orders, face-down cards). A seat's view of
an event is its public part plus its own private part; `redact` is the only way an event leaves the server.
Payloads hold JSON values only (lists, not tuples) so that `decode(encode(e)) == e`.

Each event carries its format version `v`; `decode` upcasts older versions to the current one:
* v1 (the base game): `game_set_up` names no character set and no purples.
* v2 (Die dunklen Lande): `game_set_up` names them publicly (`characters`, `purple`); every other type
  of v1 reads the same in v2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import DISTRICTS, Colour
from .errors import IllegalCommand
from .options import resolve

EVENT_SCHEMA_VERSION = 2

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
        event = Event(
            type=str(data["type"]),
            public=dict(data.get("public", {})),
            private=private,
            secret=dict(data.get("secret", {})),
            v=int(data.get("v", 1)),
        )
        return upcast(event)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise IllegalCommand("bad_event", f"not an encoded event: {error}") from error


def upcast(event: Event) -> Event:
    """An event of an older format version in the current one."""
    if event.v > EVENT_SCHEMA_VERSION:
        raise ValueError(f"event version {event.v} is newer than this engine's {EVENT_SCHEMA_VERSION}")
    if event.v == 1:
        event = _upcast_1_to_2(event)
    return event


def _upcast_1_to_2(event: Event) -> Event:
    public = event.public
    if event.type == "game_set_up":
        rules = resolve(event.secret["options"], public["players"])
        purple = sorted({d for d in rules.deck if DISTRICTS[d].colour == Colour.PURPLE})
        public = {**public, "characters": list(rules.characters), "purple": purple}
    return Event(event.type, public, event.private, event.secret, 2)


def redact(event: Event, seat: int | None) -> dict[str, Any] | None:
    """What `seat` (None: a spectator) may see of one event: its public part and that seat's own part."""
    seen: dict[str, Any] = {"type": event.type, **event.public}
    if seat is not None and seat in event.private:
        seen.update(event.private[seat])
    return seen
