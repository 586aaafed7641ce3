"""Cards into and out of hands: the Architect's cards, the Magician's swap and redraw, the Wizard's look and
take, the Laboratory, the Smithy, the Museum, the Lighthouse's search and the Park."""

from __future__ import annotations

from rules_kit import IllegalCommand

from ..commands import NamesDistrict, NamesSeat, Redraw, TakeCard, seat_at_table
from ..recorder import Recorder
from ..state import Turn
from ..turn import build_cost, current, draw, require_district_power, require_power, why_not_afford

SMITHY_COST, SMITHY_DRAW = 2, 3


def architect(rec: Recorder, seat: int) -> None:
    """As his turn starts, the Architect draws 2 cards."""
    draw(rec, seat, 2, "architect")


def park(rec: Recorder, ended: Turn) -> None:
    """The Park: a player who ends his turn without cards draws 2 (the last of the turn-end effects)."""
    state = rec.state
    player = state.players[ended.seat]
    if player.has("park") and not player.hand and (state.deck or state.discard):
        draw(rec, ended.seat, 2, "park")


# --- the Magician ---------------------------------------------------------------------------------------

def swap_hands(rec: Recorder, seat: int, command: NamesSeat) -> None:
    """`swap_hands`: the Magician swaps his whole hand with another player's (either may be empty)."""
    require_power(rec.state, seat, "magician", "swap hands")
    state = rec.state
    other = seat_at_table(command["seat"], state.rules.players)
    if other == seat:
        raise IllegalCommand("bad_target", "swap hands with another player")
    mine, theirs = state.players[seat].hand, state.players[other].hand
    rec.emit(
        "hands_swapped", {"seat": seat, "other": other, "sizes": [len(theirs), len(mine)]},
        private={seat: {"hand": list(theirs)}, other: {"hand": list(mine)}},
    )


def redraw(rec: Recorder, seat: int, command: Redraw) -> None:
    """`redraw`: the Magician discards any cards of his hand and draws as many."""
    require_power(rec.state, seat, "magician", "redraw cards")
    districts = command["districts"]
    hand = list(rec.state.players[seat].hand)
    for district in districts:
        if district not in hand:
            raise IllegalCommand("not_in_hand", f"you do not hold (that many) '{district}'")
        hand.remove(district)
    rec.emit("cards_discarded", {"seat": seat, "districts": districts, "reason": "magician"})
    draw(rec, seat, len(districts), "magician")


# --- the Wizard ---------------------------------------------------------------------------------------

def look_at_hand(rec: Recorder, seat: int, command: NamesSeat) -> None:
    """`look_at_hand`: the Wizard looks at another player's hand (he must then take one card of it). He is shown
    its cards sorted: the hand's order is the order its cards came in, which is not his to see."""
    require_power(rec.state, seat, "wizard", "look at a hand")
    state = rec.state
    target = seat_at_table(command["seat"], state.rules.players)
    if target == seat:
        raise IllegalCommand("bad_target", "look at another player's hand")
    if not state.players[target].hand:
        raise IllegalCommand("empty_hand", f"seat {target} has no cards in hand")
    rec.emit(
        "hand_looked_at", {"seat": seat, "target": target},
        private={seat: {"hand": sorted(state.players[target].hand)}},
    )


def take_card(rec: Recorder, seat: int, command: TakeCard) -> None:
    """`take_card`: the Wizard keeps one card of the hand he looked at, into his hand or built at once
    (at its full price, in addition to his normal build)."""
    state = rec.state
    turn_ = current(state, seat)
    district = command["district"]
    build = command.get("build", False)
    if district not in turn_.seen:
        raise IllegalCommand("not_seen", f"'{district}' is not in the hand you looked at")
    player = state.players[seat]
    if build:
        why_not = why_not_afford(player, district)
        if why_not is None and player.gold < build_cost(player, district):
            why_not = IllegalCommand("not_enough_gold", f"building it costs {build_cost(player, district)} gold")
        if why_not is not None:
            raise why_not
    target = turn_.seen_seat
    assert target is not None
    rec.emit(
        "card_taken", {"seat": seat, "target": target, "build": build},
        private={seat: {"district": district}, target: {"district": district}},
    )
    if build:
        cost = build_cost(rec.state.players[seat], district)
        rec.emit("district_built", {"seat": seat, "district": district, "cost": cost, "wizard": True})


# --- the Laboratory, the Smithy, the Museum -----------------------------------------------------------

def use_laboratory(rec: Recorder, seat: int, command: NamesDistrict) -> None:
    """`use_laboratory`: discard a hand card and take 1 gold, once a turn."""
    require_district_power(rec.state, seat, "laboratory")
    district = command["district"]
    if district not in rec.state.players[seat].hand:
        raise IllegalCommand("not_in_hand", f"'{district}' is not in your hand")
    rec.emit("laboratory_used", {"seat": seat, "district": district})


def use_smithy(rec: Recorder, seat: int) -> None:
    """`use_smithy`: pay 2 gold to draw 3 cards, once a turn."""
    require_district_power(rec.state, seat, "smithy")
    state = rec.state
    if state.players[seat].gold < SMITHY_COST:
        raise IllegalCommand("not_enough_gold", f"the Smithy costs {SMITHY_COST} gold")
    if not state.deck and not state.discard:
        raise IllegalCommand("deck_empty", "there are no cards left to draw")
    rec.emit("smithy_used", {"seat": seat, "cost": SMITHY_COST})
    draw(rec, seat, SMITHY_DRAW, "smithy")


def use_museum(rec: Recorder, seat: int, command: NamesDistrict) -> None:
    """`use_museum`: tuck a hand card under the Museum (face down), once a turn."""
    require_district_power(rec.state, seat, "museum")
    district = command["district"]
    if district not in rec.state.players[seat].hand:
        raise IllegalCommand("not_in_hand", f"'{district}' is not in your hand")
    rec.emit("museum_used", {"seat": seat}, private={seat: {"district": district}})


# --- the Lighthouse: a decision as it is built --------------------------------------------------------
# Building it opens the decision (`district_built` sets the turn's `may_search` when the deck holds cards);
# the commands below answer it.

def search_deck(rec: Recorder, seat: int) -> None:
    """`search_deck`: the Lighthouse's builder looks through the deck (its content, sorted: the order stays
    secret); he then keeps one card of it."""
    state = rec.state
    if not current(state, seat).may_search:
        raise IllegalCommand("not_now", "you have not just built the Lighthouse")
    deck = state.deck
    rec.emit("deck_searched", {"seat": seat, "count": len(deck)}, private={seat: {"cards": sorted(deck)}})


def decline_search(rec: Recorder, seat: int) -> None:
    """`decline_search`: the Lighthouse's builder leaves the deck alone (seed 000: "darf ... durchsuchen"):
    nothing is looked at, nothing shuffled."""
    if not current(rec.state, seat).may_search:
        raise IllegalCommand("not_now", "you have not just built the Lighthouse")
    rec.emit("deck_search_declined", {"seat": seat})


def keep_from_deck(rec: Recorder, seat: int, command: NamesDistrict) -> None:
    """`keep_from_deck`: the Lighthouse's builder keeps one card of the deck; the deck is shuffled anew."""
    state = rec.state
    if not current(state, seat).searching:
        raise IllegalCommand("not_now", "you are not searching the deck")
    district = command["district"]
    if district not in state.deck:
        raise IllegalCommand("not_in_deck", f"there is no '{district}' in the deck")
    rest = list(state.deck)
    rest.remove(district)
    rec.emit("deck_card_kept", {"seat": seat}, private={seat: {"district": district}},
             secret={"deck": rec.shuffled(rest)})
