"""Dominion's events (see `rules_kit.events` for their parts and stored form): one format version so far."""

from __future__ import annotations

from rules_kit.events import Event, EventCodec, Payload, encode, redact

EVENT_SCHEMA_VERSION = 1
CODEC = EventCodec(EVENT_SCHEMA_VERSION)
decode = CODEC.decode

__all__ = ["CODEC", "EVENT_SCHEMA_VERSION", "Event", "Payload", "decode", "encode", "redact"]
