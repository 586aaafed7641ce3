"""`evolve(state, event) -> state`: the only way a state changes. Pure: never draws, never changes a state
it was given.

One handler per event type, grouped by what the events change: the order of play (`round`), gold and the
crown (`gold`), hands and the deck (`hands`), the cities (`cities`). A handler changes the working copy
(`State.copy`) in place; `rules_kit.fold` makes `evolve` (one event) and `fold` (a whole history, one copy)
of them.
"""

from __future__ import annotations

from rules_kit.fold import Fold

from ..state import State
from .cities import CITY_HANDLERS
from .gold import GOLD_HANDLERS
from .hands import HAND_HANDLERS
from .round import ROUND_HANDLERS, draft_script, game_set_up


def _done(state: State) -> State:
    """The working copy is a `State` already: nothing to freeze."""
    return state


FOLD: Fold[State, State] = Fold(
    game_set_up, {**ROUND_HANDLERS, **GOLD_HANDLERS, **HAND_HANDLERS, **CITY_HANDLERS}, State.copy, _done,
)
evolve = FOLD.evolve
fold = FOLD.fold

__all__ = ["FOLD", "draft_script", "evolve", "fold"]
