"""`legal_commands(state, seat)`: every command the seat may send now (bots and the UI use it).

Each command listed here is accepted by `decide`; the tests hold the two to that.
"""

from __future__ import annotations

from typing import Any

from . import characters, purple, turn
from .cards import CHARACTERS
from .dark_legal import dark_power_commands, dark_purple_commands, open_decision
from .decide import awaiting
from .state import DRAFT, State, Turn

Command = dict[str, Any]


def legal_commands(state: State, seat: int) -> list[Command]:
    """Every command `seat` may send now; empty when the game does not wait for that seat."""
    if seat not in awaiting(state):
        return []
    if state.graveyard_offer is not None:
        return [{"type": "use_graveyard"}, {"type": "decline_graveyard"}]
    if state.phase == DRAFT:
        kind = "choose_character" if state.draft_steps[0].action == "choose" else "discard_character"
        return [{"type": kind, "character": c} for c in sorted(set(state.draft_pile))]
    turn_ = state.turn
    assert turn_ is not None
    if turn_.must_thank:  # listed first; any other command is accepted too, and loses the whole turn
        thanked = turn_._replace(must_thank=False)
        return [{"type": "thank_your_excellency"}, *_turn_commands(state._replace(turn=thanked), thanked)]
    return _turn_commands(state, turn_)


def _distinct(cards: tuple[str, ...]) -> list[str]:
    return sorted(set(cards))


def _turn_commands(state: State, turn_: Turn) -> list[Command]:
    player = state.players[turn_.seat]
    if turn_.drawn:
        return [{"type": "keep_card", "district": d} for d in _distinct(turn_.drawn)]
    if turn_.must_discard:
        return [{"type": "discard_card", "district": d} for d in _distinct(player.hand)]
    decision = open_decision(state, turn_)
    if decision is not None:
        return decision
    commands: list[Command] = []
    if not turn_.income_taken:
        commands.append({"type": "take_gold"})
        if state.deck or state.discard:
            commands.append({"type": "draw_cards"})
        if turn_.income_only:
            return commands
    else:
        commands += [
            {"type": "build", "district": d} for d in _distinct(player.hand)
            if turn.why_not_build(state, turn_, player, d) is None
        ]
    if CHARACTERS[turn_.character].colour is not None and not turn_.colour_income_taken:
        commands.append({"type": "collect_income"})
    if not turn_.ability_used:
        commands += _power_commands(state, turn_) + dark_power_commands(state, turn_)
    commands += _purple_commands(state, turn_) + dark_purple_commands(state, turn_)
    if turn_.income_taken:
        commands.append({"type": "end_turn"})
    return commands


def _power_commands(state: State, turn_: Turn) -> list[Command]:
    seat, character = turn_.seat, turn_.character
    others = [c for c in state.rules.characters if c not in state.face_up]
    if character == "assassin":
        return [{"type": "kill", "character": c} for c in others if c != "assassin"]
    if character == "thief":
        return [
            {"type": "rob", "character": c} for c in others
            if c not in ("assassin", "thief", "witch", state.killed, state.bewitched)
        ]
    if character == "magician":
        hand = state.players[seat].hand
        commands: list[Command] = [
            {"type": "swap_hands", "seat": p.seat} for p in state.players if p.seat != seat
        ]
        commands += [{"type": "redraw", "districts": [d]} for d in _distinct(hand)]
        if len(hand) > 1:
            commands.append({"type": "redraw", "districts": list(hand)})
        return commands
    if character == "warlord":
        return [
            {"type": "destroy", "seat": victim.seat, "district": d}
            for victim in state.players
            for d in _distinct(victim.districts())
            if characters.why_not_destroy(state, seat, victim, d) is None
        ]
    return []


def _purple_commands(state: State, turn_: Turn) -> list[Command]:
    player = state.players[turn_.seat]
    commands: list[Command] = []
    if player.has("laboratory") and "laboratory" not in turn_.used:
        commands += [{"type": "use_laboratory", "district": d} for d in _distinct(player.hand)]
    if (
        player.has("smithy") and "smithy" not in turn_.used and player.gold >= purple.SMITHY_COST
        and (state.deck or state.discard)
    ):
        commands.append({"type": "use_smithy"})
    return commands
