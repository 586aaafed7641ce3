"""Dominion with the Dark Ages expansion and the base game's kingdom cards (both editions) as a pure-Python
decider: no Django, no I/O, no clock, no global random.

`RULES` is the interface (setup, evolve, decide, awaiting, legal_commands, view, encode, decode, redact,
dump_state, load_state); `IllegalCommand` is its one error type; `cards.CARDS` holds every card's names
(German, English) and text.
"""

from rules_kit import IllegalCommand

from .engine import RULES, DominionRules
from .events import Event
from .state import State

__all__ = ["RULES", "DominionRules", "Event", "IllegalCommand", "State"]
