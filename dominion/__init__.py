"""Dominion with the Dark Ages expansion and the base game's kingdom cards (both editions) as a pure-Python
decider: no Django, no I/O, no clock, no global random.

`RULES` is the interface (setup, evolve, decide, awaiting, legal_commands, view, encode, decode, redact,
dump_state, load_state); `IllegalCommand` is its one error type; `cards.CARDS` holds every card's names
(German, English) and text.

The modules, by role (Citadels has the same): `commands` (the commands and their fields), `events` (the
events' payloads, codec and upcasters), `state` (the state, its effect frames and decisions), `options` and
`setup` (a new game), `decide` (a command in, events out) over `recorder` (the working copy that records
events) and the turn flow (`turn`, `play`, `triggers`, `decisions`), `evolve` (an event applied),
`scoring`, `views`, `legal`, `bots`, `snapshot`, `simulate`, `engine` (builds `RULES`), `cards` (card data)
and `kingdom/` (what each card does, by set and function, each module's `STEPS`, merged in `decide.STEPS`).
"""

from rules_kit import IllegalCommand

from .engine import RULES, DominionRules
from .events import Event
from .state import State

__all__ = ["RULES", "DominionRules", "Event", "IllegalCommand", "State"]
