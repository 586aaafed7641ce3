"""The characters' abilities: what happens when each reveals, and the powers they may use once a turn."""

from __future__ import annotations

from rules_kit import IllegalCommand

from . import dark_characters, purple, turn
from .cards import CHARACTERS, DISTRICTS
from .commands import Command, seat_field, text_field, text_list_field
from .recorder import Recorder
from .state import Player, State


def on_call(rec: Recorder, seat: int, character: str) -> None:
    """What happens by itself as `character` is called and reveals, whoever plays its turn: the theft and
    the crown (a bewitched King, or one who forgets to thank His Excellency, still takes it)."""
    state = rec.state
    if character == state.robbed:
        thief = state.power_seat("thief")  # the Witch's seat when she robbed as the bewitched Thief
        assert thief is not None
        rec.emit("gold_stolen", {"seat": thief, "victim": seat, "amount": state.players[seat].gold})
    if character == "king":
        pass_crown(rec, seat, "king")


def on_turn_start(rec: Recorder, seat: int, character: str) -> None:
    """What the character's turn brings by itself to `seat` (the Witch's, when she plays it): the
    Merchant's gold, the Architect's cards, and the Dark City characters' automatic powers."""
    if character == "merchant":
        rec.emit("bonus_gold", {"seat": seat, "amount": 1, "reason": "merchant"})
    elif character == "architect":
        turn.draw(rec, seat, 2, "architect")
    else:
        dark_characters.on_turn_start(rec, seat, character)


def pass_crown(rec: Recorder, seat: int, reason: str) -> None:
    """The crown goes to `seat`; each Throne Room pays its owner 1 gold when the crown changes hands."""
    changed = rec.state.crown != seat
    rec.emit("crown_passed", {"seat": seat, "reason": reason})
    if changed:
        for player in rec.state.players:
            if player.has("throne_room"):
                rec.emit("bonus_gold", {"seat": player.seat, "amount": 1, "reason": "throne_room"})


def require_power(rec: Recorder, seat: int, character: str, power: str) -> None:
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
    require_power(rec, seat, "assassin", "kill")
    target = named_character(rec.state, command)
    if target == "assassin":
        raise IllegalCommand("bad_target", "the Assassin cannot kill himself")
    rec.emit("character_killed", {"seat": seat, "character": target})


def rob(rec: Recorder, seat: int, command: Command) -> None:
    """`rob`: the Thief names a character whose gold he takes when it reveals."""
    require_power(rec, seat, "thief", "rob")
    state = rec.state
    target = named_character(state, command)
    if target in ("assassin", "thief", "witch"):
        raise IllegalCommand("bad_target", "the Thief may not rob the Assassin, the Witch or himself")
    if target == state.killed:
        raise IllegalCommand("bad_target", "the Thief may not rob the killed character")
    if target == state.bewitched:
        raise IllegalCommand("bad_target", "the Thief may not rob the bewitched character")
    rec.emit("character_robbed", {"seat": seat, "character": target})


def named_character(state: State, command: Command) -> str:
    target = text_field(command, "character")
    if target not in state.rules.characters:
        raise IllegalCommand("unknown_character", f"there is no character '{target}' in this game")
    if target in state.face_up:
        raise IllegalCommand("bad_target", f"the {CHARACTERS[target].name_en} lies face up: nobody plays it")
    return target


# --- the Magician ---------------------------------------------------------------------------------------

def swap_hands(rec: Recorder, seat: int, command: Command) -> None:
    """`swap_hands`: the Magician swaps his whole hand with another player's (either may be empty)."""
    require_power(rec, seat, "magician", "swap hands")
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
    require_power(rec, seat, "magician", "redraw cards")
    districts = text_list_field(command, "districts")
    hand = list(rec.state.players[seat].hand)
    for district in districts:
        if district not in hand:
            raise IllegalCommand("not_in_hand", f"you do not hold (that many) '{district}'")
        hand.remove(district)
    rec.emit("cards_discarded", {"seat": seat, "districts": districts, "reason": "magician"})
    turn.draw(rec, seat, len(districts), "magician")


# --- the Warlord --------------------------------------------------------------------------------------

def district_value(victim: Player, district: str) -> int:
    """A built district's worth for the Warlord and the Diplomat: its cost, 1 more when adorned. With a
    Quarry's copies, the worth of the copy that goes: the plain one first (`Player.copy_at`)."""
    index = victim.copy_at(district)
    extra = 1 if index is not None and victim.city[index].adorned else 0
    return DISTRICTS[district].cost + extra


def destroy_cost(victim: Player, district: str) -> int:
    """What the Warlord pays to destroy `district`: its worth less 1 (cost 1 is free), 1 more against a
    city with the Great Wall (every district of it, the Wall included)."""
    wall = 1 if victim.has("great_wall") else 0
    return max(district_value(victim, district) - 1, 0) + wall


def copy_public(player: Player, district: str, field: str = "copy") -> dict[str, int]:
    """The event field naming which copy of `district` goes (`Player.copy_at`), when the city holds several:
    an event without it means the first copy, as before a Quarry's copies were told apart."""
    index = player.copy_at(district)
    assert index is not None
    number = player.copy_number(index)
    return {} if number is None else {field: number}


def why_not_destroy(state: State, seat: int, victim: Player, district: str) -> IllegalCommand | None:
    """Why the Warlord at `seat` may not destroy `district` in `victim`'s city, or None."""
    if victim.seat == seat:
        return IllegalCommand("bad_target", "the Warlord destroys districts of other players only")
    if not victim.has(district):
        return IllegalCommand("not_in_city", f"seat {victim.seat} has no '{district}'")
    if len(victim.city) >= state.complete_at:
        return IllegalCommand("city_complete", "a complete city cannot be attacked")
    if district == "keep":
        return IllegalCommand("keep", "the Keep cannot be destroyed")
    if bishop_protects(state, victim.seat):
        return IllegalCommand("bishop", "the Bishop's districts are safe from the Warlord")
    cost = destroy_cost(victim, district)
    if state.players[seat].gold < cost:
        return IllegalCommand("not_enough_gold", f"destroying the {DISTRICTS[district].name_en} costs {cost} gold")
    return None


def destroy(rec: Recorder, seat: int, command: Command) -> None:
    """`destroy`: the Warlord pays cost - 1 to destroy a district of another player's city (of a Quarry's
    copies, the plain one first)."""
    require_power(rec, seat, "warlord", "destroy districts")
    state = rec.state
    victim = state.players[seat_field(command, "seat", state.rules.players)]
    district = text_field(command, "district")
    why_not = why_not_destroy(state, seat, victim, district)
    if why_not is not None:
        raise why_not
    rec.emit(
        "district_destroyed",
        {"seat": seat, "target": victim.seat, "district": district, "cost": destroy_cost(victim, district),
         **copy_public(victim, district)},
    )
    purple.offer_graveyard(rec, seat, district)


def bishop_protects(state: State, seat: int) -> bool:
    """Whether the revealed Bishop protects `seat`'s districts (the Witch's, when she bewitched him)."""
    return state.is_revealed("bishop") and state.power_seat("bishop") == seat
