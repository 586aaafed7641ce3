"""What every character's turn offers by the basic rules: income (gold or cards), building, and the checks
the abilities share (whose turn, what must come first). The order of the turns is `flow`'s."""

from __future__ import annotations

from rules_kit import IllegalCommand

from .cards import CHARACTERS, DISTRICTS
from .commands import NamesDistrict
from .options import REJECTED_ANY_HAND_CARD, REJECTED_UNDER_DECK
from .recorder import Recorder
from .state import Player, State, Turn


def current(state: State, seat: int) -> Turn:
    """The turn being played, which must be `seat`'s (decide has checked that seat is awaited)."""
    assert state.turn is not None and state.turn.seat == seat
    return state.turn


def require_no_pending(turn_: Turn) -> None:
    """Refuse any other action while a card choice of this turn is open."""
    if turn_.drawn:
        raise IllegalCommand("choose_card_first", "first choose which drawn card(s) to keep")
    if turn_.must_discard:
        raise IllegalCommand("discard_first", "first discard a card from your hand")


def require_income(turn_: Turn, doing: str) -> None:
    """Building and ending the turn come after the income (gold or cards)."""
    if not turn_.income_taken:
        raise IllegalCommand("income_first", f"take your income (gold or cards) before you {doing}")


def require_power(state: State, seat: int, character: str, power: str) -> Turn:
    """Refuse a character's power to any other character, before a pending card choice or a second time in
    a turn; the turn being played if it may be used."""
    turn_ = current(state, seat)
    if turn_.character != character:
        raise IllegalCommand("not_your_power", f"only the {CHARACTERS[character].name_en} may {power}")
    require_no_pending(turn_)
    if turn_.ability_used:
        raise IllegalCommand("ability_used", "you have already used your character's power this turn")
    return turn_


def require_district_power(state: State, seat: int, district: str) -> None:
    """Refuse a purple district's once-a-turn power without the district, before a pending card choice or a
    second time in a turn."""
    turn_ = current(state, seat)
    name = DISTRICTS[district].name_en
    if not state.players[seat].has(district):
        raise IllegalCommand("no_such_district", f"you have no {name} in your city")
    require_no_pending(turn_)
    if district in turn_.used:
        raise IllegalCommand("power_used", f"you have already used the {name} this turn")


# --- income -------------------------------------------------------------------------------------------

def take_gold(rec: Recorder, seat: int) -> None:
    """`take_gold`: 2 gold as the turn's income."""
    _require_no_income(current(rec.state, seat))
    rec.emit("gold_taken", {"seat": seat, "amount": 2})


def draw_counts(observatory: bool, library: bool, rejected_card: str) -> tuple[int, int, bool]:
    """How a card income goes for a city: (cards drawn, cards kept, whether the rest is then discarded from
    the whole hand): 2 drawn (3 with the Observatory), 1 kept (2 of 3 with the Library, or both of 2); under
    the 2000 edition's rule all are kept and as many less one discarded from the hand (not with the Library)."""
    count = 3 if observatory else 2
    if rejected_card == REJECTED_ANY_HAND_CARD and not library:
        return count, count, True
    return count, (2 if count == 3 else count) if library else 1, False


def draw_cards(rec: Recorder, seat: int) -> None:
    """`draw_cards`: the cards of `draw_counts` drawn, to keep (or to discard from the hand)."""
    state = rec.state
    _require_no_income(current(state, seat))
    player = state.players[seat]
    if not state.deck and not state.discard:
        raise IllegalCommand("deck_empty", "there are no cards left to draw: take gold instead")
    count, keep, from_hand = draw_counts(player.has("observatory"), player.has("library"), state.rules.rejected_card)
    if from_hand:
        # Draw n, discard n - 1: a player who can draw only one card keeps it and discards nothing.
        drawable = min(count, len(state.deck) + len(state.discard))
        draw(rec, seat, count, "income", keep=keep, discard=drawable - 1)
    else:
        draw(rec, seat, count, "income", keep=keep)


def _require_no_income(turn_: Turn) -> None:
    if turn_.income_taken:
        raise IllegalCommand("income_taken", "you have already taken your income this turn")


def keep_card(rec: Recorder, seat: int, command: NamesDistrict) -> None:
    """`keep_card`: keep one of the cards drawn as income."""
    turn_ = current(rec.state, seat)
    if not turn_.drawn:
        raise IllegalCommand("nothing_drawn", "you have no drawn cards to choose from")
    district = command["district"]
    if district not in turn_.drawn:
        raise IllegalCommand("not_drawn", f"'{district}' is not among the cards you drew")
    rejected = [] if turn_.keep > 1 else list(turn_.drawn)
    if rejected:
        rejected.remove(district)
    public: dict[str, object] = {"seat": seat}
    if rejected and rec.state.rules.rejected_card != REJECTED_UNDER_DECK:
        public["rejected"] = rejected
    rec.emit("card_kept", public, private={seat: {"district": district}})


def discard_card(rec: Recorder, seat: int, command: NamesDistrict) -> None:
    """`discard_card`: after drawing both income cards into hand, discard any one hand card."""
    turn_ = current(rec.state, seat)
    if not turn_.must_discard:
        raise IllegalCommand("nothing_to_discard", "you have no card to discard now")
    district = command["district"]
    if district not in rec.state.players[seat].hand:
        raise IllegalCommand("not_in_hand", f"'{district}' is not in your hand")
    rec.emit("cards_discarded", {"seat": seat, "districts": [district], "reason": "income"})


def draw(rec: Recorder, seat: int, count: int, reason: str, **public: int) -> None:
    """Draw `count` cards from the deck, shuffling the discard pile into it when it runs short."""
    state = rec.state
    if len(state.deck) < count and state.discard:
        deck = list(state.deck) + rec.shuffled(state.discard)
        rec.emit("deck_reshuffled", {"count": len(deck)}, secret={"deck": deck})
    cards = list(rec.state.deck[:count])
    rec.emit(
        "cards_drawn", {"seat": seat, "count": len(cards), "reason": reason, **public},
        private={seat: {"cards": cards}},
    )


# --- building -------------------------------------------------------------------------------------------

def build_limit(turn_: Turn) -> int:
    """How many districts may be built in this turn: 3 for the Architect, none for the Navigator and in
    the Witch's own turn (she builds in the turn she bewitched)."""
    if turn_.character == "architect":
        return 3
    return 0 if turn_.character in ("navigator", "witch") else 1


def build_cost(player: Player, district: str) -> int:
    """What `player` pays to build `district`: the Factory takes 1 off other purples, the Quarry 1 per
    identical district already built (at least 1)."""
    card = DISTRICTS[district]
    cost = card.cost
    if card.colour == "purple" and district != "factory" and player.has("factory"):
        cost -= 1
    if player.has("quarry"):
        same = sum(1 for d in player.districts() if d == district)
        if same:
            cost = max(cost - same, 1)
    return max(cost, 0)


def build(rec: Recorder, seat: int, command: NamesDistrict) -> None:
    """`build`: pay for a district from hand and put it into the city."""
    state = rec.state
    turn_ = current(state, seat)
    require_no_pending(turn_)
    require_income(turn_, "build")
    district = command["district"]
    player = state.players[seat]
    why_not = why_not_build(state, turn_, player, district)
    if why_not is not None:
        raise why_not
    rec.emit("district_built", {"seat": seat, "district": district, "cost": build_cost(player, district)})


def why_not_build(state: State, turn_: Turn, player: Player, district: str) -> IllegalCommand | None:
    """Why `player` may not build `district` now, or None if they may."""
    if district not in player.hand:
        return IllegalCommand("not_in_hand", f"'{district}' is not in your hand")
    if turn_.builds >= build_limit(turn_):
        return IllegalCommand("build_limit", "you may not build any more districts this turn")
    return why_not_afford(player, district)


def why_not_afford(player: Player, district: str) -> IllegalCommand | None:
    """Why `player` may not put `district` into the city (a duplicate, too dear), or None."""
    if player.has(district) and not player.has("quarry"):
        return IllegalCommand("duplicate_district", f"your city already has a {DISTRICTS[district].name_en}")
    cost = build_cost(player, district)
    if player.gold < cost:
        return IllegalCommand("not_enough_gold", f"the {DISTRICTS[district].name_en} costs {cost} gold")
    return None
