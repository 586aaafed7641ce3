"""The Dark City's purple districts that act during play: the Ball Room's thanks, the Lighthouse's search,
the Bell Tower's choice, the Museum and the Armory (their scoring is in scoring.py)."""

from __future__ import annotations

from rules_kit import IllegalCommand

from . import characters, turn
from .commands import Command, seat_field, text_field
from .purple import require_district_power
from .recorder import Recorder
from .state import State

BELL_TOWER_CHOICES = (7, 8)


# --- the Ball Room ---------------------------------------------------------------------------------------

def must_thank(state: State, seat: int) -> bool:
    """Whether `seat`, called now, must first thank His Excellency: another player holds the crown and a
    Ball Room."""
    owner = state.players[state.crown]
    return owner.seat != seat and owner.has("ball_room")


def thank(rec: Recorder, seat: int, command: Command) -> None:
    """`thank_your_excellency`: "Danke, Euer Exzellenz"; then the turn goes on as it would have."""
    turn_ = turn.current(rec.state, seat)
    if not turn_.must_thank:
        raise IllegalCommand("no_thanks_due", "nobody expects your thanks now")
    rec.emit("thanked", {"seat": seat, "to": rec.state.crown})
    if not turn_.income_only and not turn_.witch:
        characters.on_turn_start(rec, seat, turn_.character)


def lose_turn(rec: Recorder, seat: int, kind: str) -> None:
    """A first command other than the thanks: it is not applied, and the whole turn is lost."""
    turn_ = turn.current(rec.state, seat)
    rec.emit("turn_lost", {"seat": seat, "character": turn_.character, "reason": "no_thanks", "command": kind})
    turn.finish_turn(rec)


# --- the Lighthouse and the Bell Tower: decisions as they are built ---------------------------------------
# Building either opens the decision (`district_built` sets the turn's `may_search` - when the deck holds
# cards - or `bell_tower`); the commands below answer it.


def search_deck(rec: Recorder, seat: int, command: Command) -> None:
    """`search_deck`: the Lighthouse's builder looks through the deck (its content, sorted: the order stays
    secret); he then keeps one card of it."""
    state = rec.state
    if not turn.current(state, seat).may_search:
        raise IllegalCommand("not_now", "you have not just built the Lighthouse")
    deck = state.deck
    rec.emit("deck_searched", {"seat": seat, "count": len(deck)}, private={seat: {"cards": sorted(deck)}})


def decline_search(rec: Recorder, seat: int, command: Command) -> None:
    """`decline_search`: the Lighthouse's builder leaves the deck alone (seed 000: "darf ... durchsuchen"):
    nothing is looked at, nothing shuffled."""
    if not turn.current(rec.state, seat).may_search:
        raise IllegalCommand("not_now", "you have not just built the Lighthouse")
    rec.emit("deck_search_declined", {"seat": seat})


def keep_from_deck(rec: Recorder, seat: int, command: Command) -> None:
    """`keep_from_deck`: the Lighthouse's builder keeps one card of the deck; the deck is shuffled anew."""
    state = rec.state
    if not turn.current(state, seat).searching:
        raise IllegalCommand("not_now", "you are not searching the deck")
    district = text_field(command, "district")
    if district not in state.deck:
        raise IllegalCommand("not_in_deck", f"there is no '{district}' in the deck")
    rest = list(state.deck)
    rest.remove(district)
    rec.emit("deck_card_kept", {"seat": seat}, private={seat: {"district": district}},
             secret={"deck": rec.shuffled(rest)})


def set_bell_tower(rec: Recorder, seat: int, command: Command) -> None:
    """`set_bell_tower`: the Bell Tower's builder decides at once whether a city is complete at 7 or 8."""
    if not turn.current(rec.state, seat).bell_tower:
        raise IllegalCommand("not_now", "you have not just built the Bell Tower")
    districts = command.get("districts")
    if districts not in BELL_TOWER_CHOICES or isinstance(districts, bool):
        raise IllegalCommand("malformed", "'set_bell_tower' needs 'districts': 7 or 8", "needs_choice",
                             {"command": "set_bell_tower", "field": "districts", "choices": [7, 8]})
    rec.emit("bell_tower_set", {"seat": seat, "complete_at": districts})


# --- the Museum and the Armory ---------------------------------------------------------------------------

def use_museum(rec: Recorder, seat: int, command: Command) -> None:
    """`use_museum`: tuck a hand card under the Museum (face down), once a turn."""
    require_district_power(rec, seat, "museum")
    district = text_field(command, "district")
    if district not in rec.state.players[seat].hand:
        raise IllegalCommand("not_in_hand", f"'{district}' is not in your hand")
    rec.emit("museum_used", {"seat": seat}, private={seat: {"district": district}})


def why_not_armory(state: State, seat: int, target: int, district: str) -> IllegalCommand | None:
    """Why the Armory at `seat` may not blow up `district` of `target`, or None. The Keep, the Bishop and
    a complete city resist the Warlord only: the Armory is no Warlord."""
    if target == seat:
        return IllegalCommand("bad_target", "the Armory destroys a district of another player")
    if not state.players[target].has(district):
        return IllegalCommand("not_in_city", f"seat {target} has no '{district}'")
    return None


def use_armory(rec: Recorder, seat: int, command: Command) -> None:
    """`use_armory`: blow up the Armory and one district of another player (of a Quarry's copies, the plain
    one first); both go to the discard pile."""
    require_district_power(rec, seat, "armory")
    target = seat_field(command, "seat", rec.state.rules.players)
    district = text_field(command, "district")
    why_not = why_not_armory(rec.state, seat, target, district)
    if why_not is not None:
        raise why_not
    players = rec.state.players
    rec.emit("armory_used", {
        "seat": seat, "target": target, "district": district, **characters.copy_public(players[target], district),
        **characters.copy_public(players[seat], "armory", "armory_copy"),
    })
