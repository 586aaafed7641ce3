"""Dominion's events (see `rules_kit.events` for their parts and stored form) and their format versions.

`decode` upcasts older versions to the current one:
* v1: Survivors' and Ironmonger's decisions (in `waiting`) do not show the cards looked at.
* v2: they do (`seen`, as Catacombs'), and a `looked_at` event tells Survivors' and Catacombs' cards to
  their player first; every other event of v1 reads the same in v2.
"""

from __future__ import annotations

from rules_kit.events import Event, EventCodec, Payload, encode, redact

from .decisions import as_asked_now

EVENT_SCHEMA_VERSION = 2


def _upcast_1_to_2(event: Event) -> Event:
    if event.type != "waiting":
        return event._replace(v=2)
    stack = event.secret.get("stack", [])
    private = {seat: {**part, "decision": as_asked_now(part["decision"], stack)} for seat, part in event.private.items()}
    return Event(event.type, event.public, private, event.secret, 2)


CODEC = EventCodec(EVENT_SCHEMA_VERSION, {1: _upcast_1_to_2})
decode = CODEC.decode

__all__ = ["CODEC", "EVENT_SCHEMA_VERSION", "Event", "Payload", "decode", "encode", "redact"]
