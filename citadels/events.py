"""Citadels' events (see `rules_kit.events` for their parts and stored form) and their format versions.

`decode` upcasts older versions to the current one:
* v1 (the base game): `game_set_up` names no character set and no purples.
* v2 (Die dunklen Lande): `game_set_up` names them publicly (`characters`, `purple`); every other type
  of v1 reads the same in v2.
"""

from __future__ import annotations

from rules_kit.events import Event, EventCodec, Payload, encode, redact

from .cards import DISTRICTS, Colour
from .options import resolve

EVENT_SCHEMA_VERSION = 2


def _upcast_1_to_2(event: Event) -> Event:
    public = event.public
    if event.type == "game_set_up":
        rules = resolve(event.secret["options"], public["players"])
        purple = sorted({d for d in rules.deck if DISTRICTS[d].colour == Colour.PURPLE})
        public = {**public, "characters": list(rules.characters), "purple": purple}
    return Event(event.type, public, event.private, event.secret, 2)


CODEC = EventCodec(EVENT_SCHEMA_VERSION, {1: _upcast_1_to_2})
decode = CODEC.decode

__all__ = ["CODEC", "EVENT_SCHEMA_VERSION", "Event", "Payload", "decode", "encode", "redact"]
