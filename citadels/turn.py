"""A character's turn: calling characters, income, building, ending turns and rounds."""

from __future__ import annotations

from . import characters, draft, scoring
from .cards import CHARACTERS, DISTRICTS
from .commands import Command, text_field
from .errors import IllegalCommand
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


# --- calling the characters -------------------------------------------------------------------------

def call_next(rec: Recorder) -> None:
    """Call the next character in rank order that someone holds and that lives; end the round if none."""
    state = rec.state
    for character in state.rules.characters:
        if CHARACTERS[character].rank <= state.called_rank:
            continue
        seat = state.holder(character)
        if seat is None or character == state.killed:
            continue  # a killed character does not reveal itself and loses its turn
        rec.emit("character_revealed", {"seat": seat, "character": character})
        characters.on_reveal(rec, seat, character)
        return
    end_round(rec)


def end_round(rec: Recorder) -> None:
    """Pass the crown to a killed King, then end the game or deal the next round."""
    state = rec.state
    rec.emit("round_ended", {"round": state.round})
    if state.killed is not None:
        seat = state.holder(state.killed)
        if state.killed == "king" and seat is not None:
            rec.emit("crown_passed", {"seat": seat, "reason": "killed_king"})
    if rec.state.first_complete is not None:
        scoring.end_game(rec)
    else:
        draft.start_round(rec)


def end_turn(rec: Recorder, seat: int, command: Command) -> None:
    """`end_turn`: hand over to the next character."""
    turn_ = current(rec.state, seat)
    require_no_pending(turn_)
    require_income(turn_, "end your turn")
    rec.emit("turn_ended", {"seat": seat, "character": turn_.character})
    call_next(rec)


# --- income -------------------------------------------------------------------------------------------

def take_gold(rec: Recorder, seat: int, command: Command) -> None:
    """`take_gold`: 2 gold as the turn's income."""
    _require_no_income(current(rec.state, seat))
    rec.emit("gold_taken", {"seat": seat, "amount": 2})


def draw_cards(rec: Recorder, seat: int, command: Command) -> None:
    """`draw_cards`: draw 2 (3 with the Observatory) and keep 1 (2 with the Library, or all)."""
    state = rec.state
    _require_no_income(current(state, seat))
    player = state.players[seat]
    count = 3 if player.has("observatory") else 2
    if not state.deck and not state.discard:
        raise IllegalCommand("deck_empty", "there are no cards left to draw: take gold instead")
    if state.rules.rejected_card == REJECTED_ANY_HAND_CARD and not player.has("library"):
        # Draw n, discard n - 1: a player who can draw only one card keeps it and discards nothing.
        drawable = min(count, len(state.deck) + len(state.discard))
        draw(rec, seat, count, "income", keep=count, discard=drawable - 1)
    else:
        keep = (2 if count == 3 else count) if player.has("library") else 1
        draw(rec, seat, count, "income", keep=keep)


def _require_no_income(turn_: Turn) -> None:
    if turn_.income_taken:
        raise IllegalCommand("income_taken", "you have already taken your income this turn")


def keep_card(rec: Recorder, seat: int, command: Command) -> None:
    """`keep_card`: keep one of the cards drawn as income."""
    turn_ = current(rec.state, seat)
    if not turn_.drawn:
        raise IllegalCommand("nothing_drawn", "you have no drawn cards to choose from")
    district = text_field(command, "district")
    if district not in turn_.drawn:
        raise IllegalCommand("not_drawn", f"'{district}' is not among the cards you drew")
    rejected = [] if turn_.keep > 1 else list(turn_.drawn)
    if rejected:
        rejected.remove(district)
    public: dict[str, object] = {"seat": seat}
    if rejected and rec.state.rules.rejected_card != REJECTED_UNDER_DECK:
        public["rejected"] = rejected
    rec.emit("card_kept", public, private={seat: {"district": district}})


def discard_card(rec: Recorder, seat: int, command: Command) -> None:
    """`discard_card`: after drawing both income cards into hand, discard any one hand card."""
    turn_ = current(rec.state, seat)
    if not turn_.must_discard:
        raise IllegalCommand("nothing_to_discard", "you have no card to discard now")
    district = text_field(command, "district")
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

def build_limit(character: str) -> int:
    """How many districts this character may build in one turn."""
    return 3 if character == "architect" else 1


def build_cost(player: Player, district: str) -> int:
    """What `player` pays to build `district`."""
    return DISTRICTS[district].cost


def build(rec: Recorder, seat: int, command: Command) -> None:
    """`build`: pay for a district from hand and put it into the city."""
    state = rec.state
    turn_ = current(state, seat)
    require_no_pending(turn_)
    require_income(turn_, "build")
    district = text_field(command, "district")
    player = state.players[seat]
    why_not = why_not_build(state, turn_, player, district)
    if why_not is not None:
        raise why_not
    rec.emit("district_built", {"seat": seat, "district": district, "cost": build_cost(player, district)})


def why_not_build(state: State, turn_: Turn, player: Player, district: str) -> IllegalCommand | None:
    """Why `player` may not build `district` now, or None if they may."""
    if district not in player.hand:
        return IllegalCommand("not_in_hand", f"'{district}' is not in your hand")
    if turn_.builds >= build_limit(turn_.character):
        return IllegalCommand("build_limit", "you may not build any more districts this turn")
    if player.has(district):
        return IllegalCommand("duplicate_district", f"your city already has a {DISTRICTS[district].name_en}")
    cost = build_cost(player, district)
    if player.gold < cost:
        return IllegalCommand("not_enough_gold", f"the {DISTRICTS[district].name_en} costs {cost} gold")
    return None
