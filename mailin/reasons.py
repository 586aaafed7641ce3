"""Why a reply's move was refused, in the engine's words (issue 20: "you have 3 coins and Gold costs 6"), where
the line names a move that is not among the player's choices now: the game's site lists the moves a reply
may conceivably name (`conceivable_commands`: a buy of any pile, a build of any district in hand), the line
is matched against those, and the engine is asked to decide the match on the current state; its refusal is
the reason. Nothing is applied: the decision's events are thrown away, whatever they are.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.registry import GameKind

from . import choices
from .choices import Describe


def engine_reason(kind: GameKind, state: Any, seat: int, view: dict[str, Any] | None, legal: list[dict[str, Any]],
                  line: str, describe: Describe, names: Mapping[int, str]) -> str | None:
    """The engine's reason against the move `line` names, in the active language; None when the line names
    no conceivable move or the engine would take it."""
    conceivable = kind.site_module.conceivable_commands(view, legal)
    if not conceivable:
        return None
    match = choices.match_line(line, [], conceivable, describe, names)
    if match.command is None:
        return None
    try:
        # A throwaway random source: nothing of this decision is kept or shown, only a refusal's reason.
        kind.rules.decide(state, seat, match.command, random.Random(0))
    except kind.illegal_command as exc:
        return kind.refused(exc).reader_message()
    return None
