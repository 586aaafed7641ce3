"""The fold of hands and the deck: draws, kept and discarded cards, swaps, the Wizard's card, the
Laboratory, the Smithy, the Museum and the Lighthouse."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..events import Event
from ..options import REJECTED_UNDER_DECK
from ..payloads import (
    CardKept,
    CardsDiscarded,
    CardsDrawn,
    CardsPart,
    CardTaken,
    DeckPart,
    DistrictPart,
    HandLookedAt,
    HandsSwapped,
    Seat,
    SeatDistrict,
    SmithyUsed,
)
from ..state import State, without

Handler = Callable[[State, Event], None]


def _add_to_hand(s: State, seat: int, cards: tuple[str, ...]) -> None:
    player = s.players[seat]
    s.set_player(player._replace(hand=player.hand + cards))


def _cards_drawn(s: State, event: Event) -> None:
    public = cast(CardsDrawn, event.public)
    seat = public["seat"]
    cards = tuple(cast(CardsPart, event.private[seat])["cards"])
    if s.deck[: len(cards)] != cards:
        raise ValueError("cards_drawn does not match the top of the deck")
    s.deck = s.deck[len(cards):]
    if public["reason"] != "income":
        _add_to_hand(s, seat, cards)
        return
    keep = public.get("keep", len(cards))
    turn = s.current_turn()
    turn.income_taken, turn.must_discard = True, public.get("discard", 0)
    if keep >= len(cards):
        _add_to_hand(s, seat, cards)
    else:
        turn.drawn, turn.keep = cards, keep


def _card_kept(s: State, event: Event) -> None:
    seat = cast(CardKept, event.public)["seat"]
    district = cast(DistrictPart, event.private[seat])["district"]
    turn = s.current_turn()
    _add_to_hand(s, seat, (district,))
    drawn, keep = without(turn.drawn, district), turn.keep - 1
    if keep > 0:
        turn.drawn, turn.keep = drawn, keep
        return
    turn.drawn, turn.keep = (), 0
    if s.rules.rejected_card == REJECTED_UNDER_DECK:
        s.deck += drawn
    else:
        s.discard += drawn


def _cards_discarded(s: State, event: Event) -> None:
    public = cast(CardsDiscarded, event.public)
    seat, districts = public["seat"], public["districts"]
    player = s.players[seat]
    hand = player.hand
    for district in districts:
        hand = without(hand, district)
    s.set_player(player._replace(hand=hand))
    s.discard += tuple(districts)
    turn = s.current_turn()
    if public["reason"] == "income":
        turn.must_discard -= len(districts)
    else:
        turn.ability_used = True


def _hands_swapped(s: State, event: Event) -> None:
    public = cast(HandsSwapped, event.public)
    seat, other = public["seat"], public["other"]
    mine, theirs = s.players[seat].hand, s.players[other].hand
    s.set_player(s.players[seat]._replace(hand=theirs))
    s.set_player(s.players[other]._replace(hand=mine))
    s.current_turn().ability_used = True


def _deck_reshuffled(s: State, event: Event) -> None:
    s.deck, s.discard = tuple(cast(DeckPart, event.secret)["deck"]), ()


def _hand_looked_at(s: State, event: Event) -> None:
    target = cast(HandLookedAt, event.public)["target"]
    turn = s.current_turn()
    turn.seen, turn.seen_seat, turn.ability_used = s.players[target].hand, target, True


def _card_taken(s: State, event: Event) -> None:
    public = cast(CardTaken, event.public)
    seat, target = public["seat"], public["target"]
    district = cast(DistrictPart, event.private[seat])["district"]
    victim = s.players[target]
    s.set_player(victim._replace(hand=without(victim.hand, district)))
    _add_to_hand(s, seat, (district,))
    turn = s.current_turn()
    turn.seen, turn.seen_seat = (), None


def _use(s: State, district: str) -> None:
    turn = s.current_turn()
    turn.used += (district,)


def _laboratory_used(s: State, event: Event) -> None:
    public = cast(SeatDistrict, event.public)
    seat, district = public["seat"], public["district"]
    player = s.players[seat]
    s.set_player(player._replace(gold=player.gold + 1, hand=without(player.hand, district)))
    s.discard += (district,)
    _use(s, "laboratory")


def _smithy_used(s: State, event: Event) -> None:
    public = cast(SmithyUsed, event.public)
    s.gain(public["seat"], -public["cost"])
    _use(s, "smithy")


def _museum_used(s: State, event: Event) -> None:
    seat = cast(Seat, event.public)["seat"]
    district = cast(DistrictPart, event.private[seat])["district"]
    player = s.players[seat]
    s.set_player(player._replace(hand=without(player.hand, district), museum=player.museum + (district,)))
    _use(s, "museum")


def _deck_searched(s: State, event: Event) -> None:
    turn = s.current_turn()
    turn.searching, turn.may_search = True, False


def _deck_search_declined(s: State, event: Event) -> None:
    s.current_turn().may_search = False


def _deck_card_kept(s: State, event: Event) -> None:
    seat = cast(Seat, event.public)["seat"]
    district = cast(DistrictPart, event.private[seat])["district"]
    deck = tuple(cast(DeckPart, event.secret)["deck"])
    if sorted(deck + (district,)) != sorted(s.deck):
        raise ValueError("deck_card_kept does not match the deck")
    _add_to_hand(s, seat, (district,))
    s.deck = deck
    s.current_turn().searching = False


HAND_HANDLERS: dict[str, Handler] = {
    "cards_drawn": _cards_drawn,
    "card_kept": _card_kept,
    "cards_discarded": _cards_discarded,
    "hands_swapped": _hands_swapped,
    "deck_reshuffled": _deck_reshuffled,
    "hand_looked_at": _hand_looked_at,
    "card_taken": _card_taken,
    "laboratory_used": _laboratory_used,
    "smithy_used": _smithy_used,
    "museum_used": _museum_used,
    "deck_searched": _deck_searched,
    "deck_search_declined": _deck_search_declined,
    "deck_card_kept": _deck_card_kept,
}
