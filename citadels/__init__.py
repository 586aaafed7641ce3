"""Citadels ("Ohne Furcht und Adel") as a pure-Python decider: no Django, no I/O, no clock, no global random.

`RULES` is the interface (setup, evolve, decide, awaiting, legal_commands, view, encode, decode, redact,
deck, characters); `IllegalCommand` is its one error type.

The modules, layered (each imports only those below it): `engine` builds `RULES` of `setup`, `decide`,
`legal`, `views`, `bots`, `snapshot`; `decide` dispatches each command to its action; `flow` owns the order of
play and runs the abilities (`abilities/`: naming, gold, hands, cities, crown) through their tables; `draft`,
`turn` (income, building, the shared checks) and `scoring` are steps of it; a `Recorder` folds each emitted
event at once (`evolve/`); `state`, `events`, `commands`, `options` and `cards` are the data.
"""

from rules_kit import IllegalCommand

from .engine import RULES, CitadelsRules
from .events import Event
from .state import State

__all__ = ["RULES", "CitadelsRules", "Event", "IllegalCommand", "State"]
