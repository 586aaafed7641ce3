"""The Citadels moves worth a second thought before they are sent (`GameRules.question`): ending the turn
while a district could still be built throws the build of this turn away."""

from __future__ import annotations

from collections.abc import Mapping

from rules_kit.engine import Question

from .legal import legal_commands
from .state import State


def question(state: State, seat: int, command: Mapping[str, object]) -> Question | None:
    """("end_turn_with_build", {"gold": …}) for an end of turn with a district still buildable, else None."""
    if command.get("type") != "end_turn":
        return None
    if not any(other["type"] == "build" for other in legal_commands(state, seat)):
        return None
    return "end_turn_with_build", {"gold": state.players[seat].gold}
