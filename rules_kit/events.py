"""Events: what happened, split by who may see it.

Every event has a `public` part (everyone, spectators included), a `private` part per seat (only that
seat), and a `secret` part that never leaves the server (deck orders, face-down cards). A seat's view of
an event is its public part plus its own private part; `redact` is the only way an event leaves the server.
Payloads hold JSON values only (lists, not tuples) so that `decode(encode(e)) == e`.

Each event carries the format version `v` of its game's events; a game's `EventCodec` upcasts older
versions to the current one as it decodes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .errors import IllegalCommand

JsonObject = dict[str, Any]
"""A JSON object read by key, whose reader knows its fields from where it comes (an encoded event, a view, a
dumped state, a legal command): its values are `Any` so that the reader indexes it without a check per value.
What the rules only pass on, or take in without reading, is typed `object` instead."""

Payload = JsonObject
"""An event's public, private or secret part."""


class Event(NamedTuple):
    """One immutable event. Treat the payload dicts as read-only. A NamedTuple because it is cheap to
    make: the server decodes one per stored event whenever it folds a log."""

    type: str
    public: Payload
    private: dict[int, Payload]
    secret: Payload
    v: int


Upcaster = Callable[[Event], Event]
_new_event = tuple.__new__


def encode(event: Event) -> JsonObject:
    """The stable JSON form of an event (the server stores this)."""
    data: JsonObject = {"type": event.type, "v": event.v, "public": event.public}
    if event.private:
        data["private"] = {str(seat): part for seat, part in event.private.items()}
    if event.secret:
        data["secret"] = event.secret
    return data


def redact(event: Event, seat: int | None) -> JsonObject:
    """What `seat` (None: a spectator) may see of one event: its public part and that seat's own part."""
    seen: JsonObject = {"type": event.type, **event.public}
    if seat is not None and seat in event.private:
        seen.update(event.private[seat])
    return seen


class EventCodec:
    """One game's events at its current format `version`, with an upcaster from each older version to the
    next (`upcasters[1]` turns a version-1 event into a version-2 one)."""

    def __init__(self, version: int, upcasters: Mapping[int, Upcaster] | None = None) -> None:
        self.version = version
        self.upcasters = dict(upcasters or {})
        missing = set(range(1, version)) - set(self.upcasters)
        if missing:
            raise ValueError(f"no upcaster from event version {sorted(missing)}")

    def event(
        self, type: str, public: Payload, private: dict[int, Payload] | None = None, secret: Payload | None = None,
    ) -> Event:
        """A new event in the current format."""
        return Event(type, public, private or {}, secret or {}, self.version)

    def decode(self, data: JsonObject) -> Event:
        """The event of a JSON form made by `encode` (a version without "v" is version 1), upcast to the
        current format; IllegalCommand('bad_event') for anything else. Like `encode`, it does not copy
        the payloads: the event shares its public and secret parts with `data` (a fold decodes every
        stored event, so this is on the server's hot path)."""
        try:
            type_, version = data["type"], data.get("v", 1)
            public = data["public"] if "public" in data else {}
            secret = data["secret"] if "secret" in data else {}
            if not (type(type_) is str and type(version) is int and type(public) is dict and type(secret) is dict):
                raise TypeError("type, v, public or secret of the wrong type")
            private = data.get("private")
            parts = {int(seat): dict(part) for seat, part in private.items()} if private else {}
            event: Event = _new_event(Event, (type_, public, parts, secret, version))
            return event if version == self.version else self.upcast(event)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise IllegalCommand("bad_event", f"not an encoded event: {error}") from error

    def upcast(self, event: Event) -> Event:
        """An event of an older format version in the current one."""
        if not 1 <= event.v <= self.version:
            raise ValueError(f"event version {event.v} is not one of this engine's (1 to {self.version})")
        while event.v < self.version:
            event = self.upcasters[event.v](event)
        return event

