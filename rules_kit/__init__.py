"""The glue every game's rules share, as plain Python (no Django): the one error type, events and their
stored JSON form, and the fold of a history through a game's working copy of its state.

A game (`citadels`, `dominion`) brings its state, its event handlers and its decisions; this package only
holds what is the same for every game.
"""

from .commands import TEXT_ID, CommandShape, normalize_command
from .errors import IllegalCommand
from .events import Event, EventCodec, Payload

__all__ = ["TEXT_ID", "CommandShape", "Event", "EventCodec", "IllegalCommand", "Payload", "normalize_command"]
