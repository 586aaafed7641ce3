"""The abilities of the characters and the purple districts, grouped by what they do: naming a character
(`naming`), gold (`gold`), cards in hands (`hands`), built districts (`cities`), the crown (`crown`).

The tables below are how the rest of the rules reach them: `flow` runs the hooks at their moments of a turn
(never the other way round: no ability imports the flow), `decide` looks commands up in `COMMANDS`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..commands import Command
from ..recorder import Recorder
from ..state import Turn
from . import cities, crown, gold, hands, naming

Action = Callable[[Recorder, int, Command], None]
"""A command's handler: `(recorder, seat, command)`; raises IllegalCommand."""
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

GRAVEYARD_COMMANDS: dict[str, Action] = {
    "use_graveyard": cities.use_graveyard,
    "decline_graveyard": cities.decline_graveyard,
}
"""The answers to the Graveyard's offer (a decision inside the Warlord's turn)."""

COMMANDS: dict[str, Action] = {
    "collect_income": gold.collect_income,
    "navigate": gold.navigate,
    "kill": naming.kill,
    "rob": naming.rob,
    "bewitch": naming.bewitch,
    "swap_hands": hands.swap_hands,
    "redraw": hands.redraw,
    "look_at_hand": hands.look_at_hand,
    "take_card": hands.take_card,
    "use_laboratory": hands.use_laboratory,
    "use_smithy": hands.use_smithy,
    "use_museum": hands.use_museum,
    "search_deck": hands.search_deck,
    "decline_search": hands.decline_search,
    "keep_from_deck": hands.keep_from_deck,
    "destroy": cities.destroy,
    "exchange": cities.exchange,
    "adorn": cities.adorn,
    "use_armory": cities.use_armory,
    "set_bell_tower": cities.set_bell_tower,
    "give_crown": crown.give_crown,
}
"""The turn commands of the characters' and districts' powers."""
