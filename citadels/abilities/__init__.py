"""The abilities of the characters and the purple districts, grouped by what they do: naming a character
(`naming`), gold (`gold`), cards in hands (`hands`), built districts (`cities`), the crown (`crown`).

The tables below are how the rest of the rules reach them: `flow` runs the hooks at their moments of a turn
(never the other way round: no ability imports the flow); `actions.perform` calls their commands' actions.
"""

from __future__ import annotations

from collections.abc import Callable

from ..recorder import Recorder
from ..state import Turn
from . import crown, gold, hands, naming

CallHook = Callable[[Recorder, int, str], None]
TurnStartHook = Callable[[Recorder, int], None]
TurnEndHook = Callable[[Recorder, Turn], None]

ON_CALL: tuple[CallHook, ...] = (naming.steal_on_call, crown.king_takes_crown)
"""As a character is called and reveals, whoever plays its turn: the theft, then the King's crown."""

TURN_START: dict[str, TurnStartHook] = {
    "merchant": gold.merchant,
    "architect": hands.architect,
    "queen": gold.queen,
    "abbot": gold.abbot,
    "tax_collector": gold.tax_collector,
}
"""What a character's turn brings by itself to whoever plays it, once the turn may start (after the thanks
a Ball Room asks for)."""

TURN_END: tuple[TurnEndHook, ...] = (
    gold.tax_at_turn_end, gold.poor_house_at_turn_end, gold.alchemist_refund, hands.park,
)
"""As a turn ends, in the rulebook's order: the tax, the Poor House, the Alchemist's refund; the Park last."""
