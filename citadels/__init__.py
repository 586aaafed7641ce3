"""Citadels ("Ohne Furcht und Adel") as a pure-Python decider: no Django, no I/O, no clock, no global random.

`RULES` is the interface (setup, evolve, decide, awaiting, legal_commands, view, encode, decode, redact,
deck, characters); `IllegalCommand` is its one error type.
"""

from rules_kit import IllegalCommand

from .engine import RULES, CitadelsRules
from .events import Event
from .state import State

__all__ = ["RULES", "CitadelsRules", "Event", "IllegalCommand", "State"]
