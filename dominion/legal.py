"""`legal_commands(state, seat)`: the commands a seat may send now (bots and the pages use it).

Every listed command is accepted by `decide`; cards of one name in hand are listed once.
"""

from __future__ import annotations

from . import decisions
from .cards import ACTION, CARDS, TREASURE
from .commands import Command
from .state import ACTION_PHASE, State
from .turn import ASKS_NOTHING, why_not_buy


def legal_commands(state: State, seat: int) -> list[Command]:
    """Every command `seat` may send now; empty when the game does not wait for that seat."""
    if seat not in state.awaiting():
        return []
    if state.pending:
        return [*decisions.answers(state, state.pending[seat])]
    commands: list[Command] = []
    firsts: dict[str, int] = {}
    for card in state.hand(seat):
        firsts.setdefault(state.names[card], card)
    for name, card in firsts.items():
        if state.phase == ACTION_PHASE and state.actions > 0 and _is(name, ACTION):
            commands.append({"type": "play", "card": card})
        elif _is(name, TREASURE) and not state.bought:
            commands.append({"type": "play", "card": card})
    if not state.bought and any(n in ASKS_NOTHING for n in firsts):
        commands.append({"type": "play_treasures"})
    commands += [{"type": "buy", "card": p} for p in state.supply if why_not_buy(state, p) is None]
    commands.append({"type": "end_turn"})
    return commands


def _is(name: str, kind: str) -> bool:
    return kind in CARDS[name].types
