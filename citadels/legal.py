"""`legal_commands(state, seat)`: every command the seat may send now (bots and the UI use it).

Each command listed here is accepted by `decide`; the tests hold the two to that.
"""

from __future__ import annotations

from dataclasses import replace

from .abilities.cities import (
    why_not_adorn,
    why_not_armory,
    why_not_destroy,
    why_not_exchange,
)
from .abilities.crown import crown_targets
from .abilities.hands import SMITHY_COST
from .cards import CHARACTERS
from .commands import BELL_TOWER_CHOICES, CharacterType, Command
from .decide import awaiting
from .state import DRAFT, State, Turn
from .turn import build_cost, why_not_afford, why_not_build


def legal_commands(state: State, seat: int) -> list[Command]:
    """Every command `seat` may send now; empty when the game does not wait for that seat."""
    if seat not in awaiting(state):
        return []
    if state.graveyard_offer is not None:
        return [{"type": "use_graveyard"}, {"type": "decline_graveyard"}]
    if state.phase == DRAFT:
        kind: CharacterType = "choose_character" if state.draft_steps[0].action == "choose" else "discard_character"
        return [{"type": kind, "character": c} for c in sorted(set(state.draft_pile))]
    turn_ = state.turn
    assert turn_ is not None
    if turn_.must_thank:  # listed first; any other command is accepted too, and loses the whole turn
        thanked = replace(turn_, must_thank=False)
        return [{"type": "thank_your_excellency"}, *_turn_commands(replace(state, turn=thanked), thanked)]
    return _turn_commands(state, turn_)


def _distinct(cards: tuple[str, ...]) -> list[str]:
    return sorted(set(cards))


def _turn_commands(state: State, turn_: Turn) -> list[Command]:
    player = state.players[turn_.seat]
    if turn_.drawn:
        return [{"type": "keep_card", "district": d} for d in _distinct(turn_.drawn)]
    if turn_.must_discard:
        return [{"type": "discard_card", "district": d} for d in _distinct(player.hand)]
    decision = _open_decision(state, turn_)
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
            if why_not_build(state, turn_, player, d) is None
        ]
    if CHARACTERS[turn_.character].colour is not None and not turn_.colour_income_taken:
        commands.append({"type": "collect_income"})
    if not turn_.ability_used:
        commands += _power_commands(state, turn_)
    commands += _purple_commands(state, turn_)
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
            if why_not_destroy(state, seat, victim, d) is None
        ]
    return _other_power_commands(state, turn_)


def _purple_commands(state: State, turn_: Turn) -> list[Command]:
    player = state.players[turn_.seat]
    commands: list[Command] = []
    if player.has("laboratory") and "laboratory" not in turn_.used:
        commands += [{"type": "use_laboratory", "district": d} for d in _distinct(player.hand)]
    if (
        player.has("smithy") and "smithy" not in turn_.used and player.gold >= SMITHY_COST
        and (state.deck or state.discard)
    ):
        commands.append({"type": "use_smithy"})
    if player.has("museum") and "museum" not in turn_.used:
        commands += [{"type": "use_museum", "district": d} for d in _distinct(player.hand)]
    if player.has("armory"):
        commands += [
            {"type": "use_armory", "seat": p.seat, "district": d}
            for p in state.players for d in _distinct(p.districts())
            if why_not_armory(state, turn_.seat, p.seat, d) is None
        ]
    return commands


def _open_decision(state: State, turn_: Turn) -> list[Command] | None:
    """The only commands while a decision of this turn is open (the Wizard's card, the Lighthouse's search
    and card, the Bell Tower, the Emperor's crown), or None."""
    player = state.players[turn_.seat]
    if turn_.seen:
        commands: list[Command] = [{"type": "take_card", "district": d} for d in sorted(set(turn_.seen))]
        commands += [
            {"type": "take_card", "district": d, "build": True} for d in sorted(set(turn_.seen))
            if why_not_afford(player, d) is None and player.gold >= build_cost(player, d)
        ]
        return commands
    if turn_.may_search:
        return [{"type": "search_deck"}, {"type": "decline_search"}]
    if turn_.searching:
        return [{"type": "keep_from_deck", "district": d} for d in sorted(set(state.deck))]
    if turn_.bell_tower:
        return [{"type": "set_bell_tower", "districts": n} for n in BELL_TOWER_CHOICES]
    if turn_.must_give_crown:
        return [{"type": "give_crown", "seat": s} for s in crown_targets(state, turn_.seat)]
    return None


def _other_power_commands(state: State, turn_: Turn) -> list[Command]:
    """The powers of the other characters (Witch, Wizard, Navigator, Diplomat, Artist) still open in this turn."""
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
        navigate: list[Command] = [{"type": "navigate", "take": "gold"}]
        if state.deck or state.discard:
            navigate.append({"type": "navigate", "take": "cards"})
        return navigate
    if character == "diplomat":
        return [
            {"type": "exchange", "own": own, "seat": p.seat, "their": their}
            for own in sorted(set(player.districts()))
            for p in others
            for their in sorted(set(p.districts()))
            if why_not_exchange(state, seat, own, p.seat, their) is None
        ]
    if character == "artist":
        return [
            {"type": "adorn", "district": d} for d in sorted(set(player.districts()))
            if why_not_adorn(state, seat, d) is None
        ]
    return []
