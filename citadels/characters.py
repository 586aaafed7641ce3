"""The characters' abilities: what happens when each reveals, and the powers they may use once a turn."""

from __future__ import annotations

from . import purple, turn
from .cards import CHARACTERS, DISTRICTS
from .commands import Command, seat_field, text_field, text_list_field
from .errors import IllegalCommand
from .recorder import Recorder
from .state import Player, State


def on_reveal(rec: Recorder, seat: int, character: str) -> None:
    """What happens by itself as `character` reveals: the theft, the crown, the Merchant's and
    the Architect's extras."""
    state = rec.state
    if character == state.robbed:
        thief = state.holder("thief")
        assert thief is not None
        rec.emit("gold_stolen", {"seat": thief, "victim": seat, "amount": state.players[seat].gold})
    if character == "king":
        rec.emit("crown_passed", {"seat": seat, "reason": "king"})
    elif character == "merchant":
        rec.emit("bonus_gold", {"seat": seat, "amount": 1, "reason": "merchant"})
    elif character == "architect":
        turn.draw(rec, seat, 2, "architect")


def _require_power(rec: Recorder, seat: int, character: str, power: str) -> None:
    turn_ = turn.current(rec.state, seat)
    if turn_.character != character:
        raise IllegalCommand("not_your_power", f"only the {CHARACTERS[character].name_en} may {power}")
    turn.require_no_pending(turn_)
    if turn_.ability_used:
        raise IllegalCommand("ability_used", "you have already used your character's power this turn")


# --- colour income --------------------------------------------------------------------------------------

def colour_income(state: State, seat: int, character: str) -> int:
    """The gold `character` collects for its colour's districts (the School of Magic counts too)."""
    colour = CHARACTERS[character].colour
    if colour is None:
        return 0
    player = state.players[seat]
    return sum(
        1 for built in player.city
        if DISTRICTS[built.district].colour == colour or built.district == "school_of_magic"
    )


def collect_income(rec: Recorder, seat: int, command: Command) -> None:
    """`collect_income`: gold for each district of the character's colour, once, at a moment of choice."""
    turn_ = turn.current(rec.state, seat)
    if CHARACTERS[turn_.character].colour is None:
        raise IllegalCommand("no_colour_income", f"the {CHARACTERS[turn_.character].name_en} has no colour income")
    turn.require_no_pending(turn_)
    if turn_.colour_income_taken:
        raise IllegalCommand("income_collected", "you have already collected your colour income this turn")
    rec.emit("income_collected", {"seat": seat, "amount": colour_income(rec.state, seat, turn_.character)})


# --- the Assassin and the Thief ---------------------------------------------------------------------------

def kill(rec: Recorder, seat: int, command: Command) -> None:
    """`kill`: the Assassin names a character, who loses its turn this round."""
    _require_power(rec, seat, "assassin", "kill")
    target = _named_character(rec.state, command)
    if target == "assassin":
        raise IllegalCommand("bad_target", "the Assassin cannot kill himself")
    rec.emit("character_killed", {"seat": seat, "character": target})


def rob(rec: Recorder, seat: int, command: Command) -> None:
    """`rob`: the Thief names a character whose gold he takes when it reveals."""
    _require_power(rec, seat, "thief", "rob")
    state = rec.state
    target = _named_character(state, command)
    if target in ("assassin", "thief"):
        raise IllegalCommand("bad_target", "the Thief may not rob the Assassin or himself")
    if target == state.killed:
        raise IllegalCommand("bad_target", "the Thief may not rob the killed character")
    rec.emit("character_robbed", {"seat": seat, "character": target})


def _named_character(state: State, command: Command) -> str:
    target = text_field(command, "character")
    if target not in state.rules.characters:
        raise IllegalCommand("unknown_character", f"there is no character '{target}' in this game")
    if target in state.face_up:
        raise IllegalCommand("bad_target", f"the {CHARACTERS[target].name_en} lies face up: nobody plays it")
    return target


# --- the Magician ---------------------------------------------------------------------------------------

def swap_hands(rec: Recorder, seat: int, command: Command) -> None:
    """`swap_hands`: the Magician swaps his whole hand with another player's (either may be empty)."""
    _require_power(rec, seat, "magician", "swap hands")
    state = rec.state
    other = seat_field(command, "seat", state.rules.players)
    if other == seat:
        raise IllegalCommand("bad_target", "swap hands with another player")
    mine, theirs = state.players[seat].hand, state.players[other].hand
    rec.emit(
        "hands_swapped", {"seat": seat, "other": other, "sizes": [len(theirs), len(mine)]},
        private={seat: {"hand": list(theirs)}, other: {"hand": list(mine)}},
    )


def redraw(rec: Recorder, seat: int, command: Command) -> None:
    """`redraw`: the Magician discards any cards of his hand and draws as many."""
    _require_power(rec, seat, "magician", "redraw cards")
    districts = text_list_field(command, "districts")
    hand = list(rec.state.players[seat].hand)
    for district in districts:
        if district not in hand:
            raise IllegalCommand("not_in_hand", f"you do not hold (that many) '{district}'")
        hand.remove(district)
    rec.emit("cards_discarded", {"seat": seat, "districts": districts, "reason": "magician"})
    turn.draw(rec, seat, len(districts), "magician")


# --- the Warlord --------------------------------------------------------------------------------------

def destroy_cost(district: str) -> int:
    """What the Warlord pays to destroy `district`: its cost less 1 (a district of cost 1 is free)."""
    return max(DISTRICTS[district].cost - 1, 0)


def why_not_destroy(state: State, seat: int, victim: Player, district: str) -> IllegalCommand | None:
    """Why the Warlord at `seat` may not destroy `district` in `victim`'s city, or None."""
    if victim.seat == seat:
        return IllegalCommand("bad_target", "the Warlord destroys districts of other players only")
    if not victim.has(district):
        return IllegalCommand("not_in_city", f"seat {victim.seat} has no '{district}'")
    if len(victim.city) >= state.rules.complete_city:
        return IllegalCommand("city_complete", "a complete city cannot be attacked")
    if district == "keep":
        return IllegalCommand("keep", "the Keep cannot be destroyed")
    if state.is_revealed("bishop") and state.holder("bishop") == victim.seat:
        return IllegalCommand("bishop", "the Bishop's districts are safe from the Warlord")
    cost = destroy_cost(district)
    if state.players[seat].gold < cost:
        return IllegalCommand("not_enough_gold", f"destroying the {DISTRICTS[district].name_en} costs {cost} gold")
    return None


def destroy(rec: Recorder, seat: int, command: Command) -> None:
    """`destroy`: the Warlord pays cost - 1 to destroy a district of another player's city."""
    _require_power(rec, seat, "warlord", "destroy districts")
    state = rec.state
    victim = state.players[seat_field(command, "seat", state.rules.players)]
    district = text_field(command, "district")
    why_not = why_not_destroy(state, seat, victim, district)
    if why_not is not None:
        raise why_not
    rec.emit(
        "district_destroyed",
        {"seat": seat, "target": victim.seat, "district": district, "cost": destroy_cost(district)},
    )
    purple.offer_graveyard(rec, seat, district)
