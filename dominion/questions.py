"""The Dominion moves worth a second thought before they are sent (`GameRules.question`): buying a Curse
(a card worth -1 point for oneself) and ending the turn with a buy left that would get more than a Copper."""

from __future__ import annotations

from collections.abc import Mapping

from rules_kit.engine import Question

from .legal import legal_commands
from .state import State

WORTHLESS = frozenset({"curse", "copper"})


def question(state: State, seat: int, command: Mapping[str, object]) -> Question | None:
    """("buy_curse", {}) or ("end_turn_with_buy", {"coins": …}); None for a move that needs no question."""
    if command.get("type") == "buy" and command.get("card") == "curse":
        return "buy_curse", {}
    if command.get("type") != "end_turn" or state.buys <= 0:
        return None
    if any(c["type"] == "buy" and c["card"] not in WORTHLESS for c in legal_commands(state, seat)):
        return "end_turn_with_buy", {"coins": state.coins}
    return None
