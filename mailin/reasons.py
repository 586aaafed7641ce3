"""Why a reply's move was refused, in the engine's words (issue 20: "you have 3 coins and Gold costs 6"), where
the line names a move that is not among the player's choices now: the game's site lists the moves a reply
may conceivably name (`conceivable_commands`: a buy of any pile, a build of any district in hand), the line
is matched against those, and the engine is asked to decide the match on the current state; its refusal is
the reason (`games.services.refusal_of`). Nothing is applied: the decision's events are thrown away,
whatever they are.
"""

from __future__ import annotations

from collections.abc import Mapping

from games import services as games
from games.models import Game
from games.registry import GameKind

from . import choices
from .choices import Describe


def engine_reason(kind: GameKind, game: Game, now: games.SeatChoices, line: str, describe: Describe,
                  names: Mapping[int, str]) -> str | None:
    """The engine's reason against the move `line` names, in the active language, on the game as `now` read
    it (`games.choices_now`); None when the line names no conceivable move or the engine would take it."""
    conceivable = kind.site_module.conceivable_commands(now.view, now.legal)
    if not conceivable:
        return None
    match = choices.match_line(line, [], conceivable, describe, names)
    if match.command is None:
        return None
    refusal = games.refusal_of(game, now, match.command)
    return None if refusal is None else refusal.reader_message()
