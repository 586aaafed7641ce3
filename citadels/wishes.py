"""Draft wishes: a seat's standing answer for its pick of the character draft (`set_wishes`).

A seat names, ahead and whoever's turn it is, the characters it would take, first first. When its pick
comes, the engine takes for it the first wished character among those handed to it (`draft.take_wishes`),
by the same event as its own `choose_character`; when none of them is handed to it, it is asked as always
("ask me"). The wishes are the seat's secret (a private event part; `views` shows them to the seat only,
`information` forgets the others'), and they hold for the picks of one draft: the fold clears them with
the seat's last pick of a draft (docs/commands.md). Wishes set after the seat's last pick of this draft
are for the next one. A wish is checked against the game's characters only, never against what is handed
to anyone, so that neither its refusal nor its taking tells anything the seat could not see.
"""

from __future__ import annotations

import random

from rules_kit import IllegalCommand

from . import flow
from .commands import SetWishes
from .events import Event
from .recorder import Recorder
from .state import DRAFT, State


def set_wishes(state: State, seat: int, command: SetWishes, rng: random.Random) -> list[Event]:
    """The events of `set_wishes` from `seat` (awaited or not): the wishes recorded; when the seat's pick is
    the one awaited now, it is taken at once by them (or asked as before)."""
    wished = command["characters"]
    unknown = [c for c in wished if c not in state.rules.characters]
    if unknown:
        raise IllegalCommand("not_a_character", f"not a character of this game: {', '.join(unknown)}; the characters are "
                             + ", ".join(state.rules.characters), params={"characters": unknown})
    if len(set(wished)) != len(wished):
        raise IllegalCommand("wished_twice", "name each character once")
    if tuple(wished) == state.wishes_of(seat):
        raise IllegalCommand("same_wishes", "these are your wishes already")
    rec = Recorder(state, rng)
    rec.emit("wishes_set", {"seat": seat}, private={seat: {"characters": list(wished)}})
    if rec.state.phase == DRAFT:
        flow.draft_on(rec)
    return rec.events
