"""The Dark City's part of `legal_commands`: open decisions, the new characters' powers, the new purples."""

from __future__ import annotations

from typing import Any

from . import dark_characters, dark_purple, turn
from .state import State, Turn

Command = dict[str, Any]


def open_decision(state: State, turn_: Turn) -> list[Command] | None:
    """The only commands while a decision of this turn is open (the Wizard's card, the Lighthouse's search
    and card, the Bell Tower, the Emperor's crown), or None."""
    player = state.players[turn_.seat]
    if turn_.seen:
        commands: list[Command] = [{"type": "take_card", "district": d} for d in sorted(set(turn_.seen))]
        commands += [
            {"type": "take_card", "district": d, "build": True} for d in sorted(set(turn_.seen))
            if turn.why_not_afford(player, d) is None and player.gold >= turn.build_cost(player, d)
        ]
        return commands
    if turn_.may_search:
        return [{"type": "search_deck"}, {"type": "decline_search"}]
    if turn_.searching:
        return [{"type": "keep_from_deck", "district": d} for d in sorted(set(state.deck))]
    if turn_.bell_tower:
        return [{"type": "set_bell_tower", "districts": n} for n in dark_purple.BELL_TOWER_CHOICES]
    if turn_.must_give_crown:
        return [{"type": "give_crown", "seat": s} for s in dark_characters.crown_targets(state, turn_.seat)]
    return None


def dark_power_commands(state: State, turn_: Turn) -> list[Command]:
    """The powers of the Dark City characters still open in this turn."""
    seat, character = turn_.seat, turn_.character
    player = state.players[seat]
    others = [p for p in state.players if p.seat != seat]
    if character == "witch":
        if not turn_.income_taken:
            return []
        return [
            {"type": "bewitch", "character": c} for c in state.rules.characters
            if c != "witch" and c not in state.face_up
        ]
    if character == "wizard":
        return [{"type": "look_at_hand", "seat": p.seat} for p in others if p.hand]
    if character == "navigator":
        if not turn_.income_taken:
            return []
        return [{"type": "navigate", "take": "gold"}] + (
            [{"type": "navigate", "take": "cards"}] if state.deck or state.discard else []
        )
    if character == "diplomat":
        return [
            {"type": "exchange", "own": own, "seat": p.seat, "their": their}
            for own in sorted(set(player.districts()))
            for p in others
            for their in sorted(set(p.districts()))
            if dark_characters.why_not_exchange(state, seat, own, p.seat, their) is None
        ]
    if character == "artist":
        return [
            {"type": "adorn", "district": d} for d in sorted(set(player.districts()))
            if dark_characters.why_not_adorn(state, seat, d) is None
        ]
    return []


def dark_purple_commands(state: State, turn_: Turn) -> list[Command]:
    """The Museum and the Armory, when their owner may use them now."""
    player = state.players[turn_.seat]
    commands: list[Command] = []
    if player.has("museum") and "museum" not in turn_.used:
        commands += [{"type": "use_museum", "district": d} for d in sorted(set(player.hand))]
    if player.has("armory"):
        commands += [
            {"type": "use_armory", "seat": p.seat, "district": d}
            for p in state.players for d in sorted(set(p.districts()))
            if dark_purple.why_not_armory(state, turn_.seat, p.seat, d) is None
        ]
    return commands

