"""The fold of the Dark City's events (new characters and purple districts), and the city changes both
editions share: `remove_from_city` (the Museum's cards, the Bell Tower's reset) and `start_turn`. Each
handler changes a working copy (`Work`) in place, as in `evolve`."""

from __future__ import annotations

from collections.abc import Callable

from .cards import CHARACTERS
from .events import Event
from .state import TURNS, Turn, Work, without

Handler = Callable[[Work, Event], None]
DEFAULT_COMPLETE_AT = 8


def start_turn(event: Event, income_only: bool = False, witch: bool = False, income_taken: bool = False) -> Turn:
    """The turn a call starts, with the flags its event names (must_thank, gives_crown)."""
    public = event.public
    return Turn(
        public["seat"], public["character"], must_thank=bool(public.get("must_thank")),
        must_give_crown=bool(public.get("gives_crown")), income_only=income_only, witch=witch,
        income_taken=income_taken,
    )


def remove_from_city(w: Work, seat: int, district: str, nth: int | None = None) -> None:
    """`district` (its `nth` copy, by default the first) leaves `seat`'s city for the discard pile; a Museum
    takes its cards with it, a Bell Tower sets the end back to 8 districts unless the end has already been
    triggered."""
    player = w.players[seat]
    index = player.nth_copy(district, nth)
    city = player.city[:index] + player.city[index + 1:]
    w.discard += (district,)
    if district == "museum":
        w.discard += player.museum
        player = player._replace(museum=())
    w.players[seat] = player._replace(city=city)
    if district == "bell_tower" and w.first_complete is None:
        w.complete_at = DEFAULT_COMPLETE_AT


def first_complete(w: Work, seat: int) -> int | None:
    """Who completed a city first: the one already known, else `seat` if its city is complete, else the
    first complete city from `seat` on (a Bell Tower set to 7 can complete several at once)."""
    if w.first_complete is not None:
        return w.first_complete
    players = w.rules.players
    for other in ((seat + i) % players for i in range(players)):
        if len(w.players[other].city) >= w.complete_at:
            return other
    return None


def _character_bewitched(w: Work, event: Event) -> None:
    w.bewitched = event.public["character"]
    w.change_turn(ability_used=True)


def _witch_took_over(w: Work, event: Event) -> None:
    w.turn = start_turn(event, witch=True, income_taken=True)


def _hospital_turn(w: Work, event: Event) -> None:
    w.phase, w.called_rank = TURNS, CHARACTERS[event.public["character"]].rank
    w.turn = start_turn(event, income_only=True)


def _thanked(w: Work, event: Event) -> None:
    w.change_turn(must_thank=False)


def _turn_lost(w: Work, event: Event) -> None:
    """The turn is lost; the events that follow end it."""


def _gold_paid(w: Work, event: Event) -> None:
    seat, to, amount = event.public["seat"], event.public["to"], event.public["amount"]
    w.gain(seat, -amount)
    w.gain(to, amount)
    if event.public["reason"] == "tax":
        w.taxed += (seat,)


def _hand_looked_at(w: Work, event: Event) -> None:
    target = event.public["target"]
    w.change_turn(seen=w.players[target].hand, seen_seat=target, ability_used=True)


def _card_taken(w: Work, event: Event) -> None:
    seat, target = event.public["seat"], event.public["target"]
    district = event.private[seat]["district"]
    victim = w.players[target]
    w.players[target] = victim._replace(hand=without(victim.hand, district))
    me = w.players[seat]
    w.players[seat] = me._replace(hand=me.hand + (district,))
    w.change_turn(seen=(), seen_seat=None)


def _navigator_took(w: Work, event: Event) -> None:
    if event.public["take"] == "gold":
        w.gain(event.public["seat"], event.public["amount"])
    w.change_turn(ability_used=True)


def _districts_exchanged(w: Work, event: Event) -> None:
    public = event.public
    seat, target, own, their = public["seat"], public["target"], public["own"], public["their"]
    me, other = w.players[seat], w.players[target]
    i, j = me.nth_copy(own, public.get("own_copy")), other.nth_copy(their, public.get("their_copy"))
    mine, theirs = me.city[i], other.city[j]
    me = me._replace(city=me.city[:i] + (theirs,) + me.city[i + 1:])
    other = other._replace(city=other.city[:j] + (mine,) + other.city[j + 1:])
    if own == "museum":  # the cards lie under the card and go with it
        me, other = me._replace(museum=other.museum), other._replace(museum=me.museum)
    elif their == "museum":
        me, other = me._replace(museum=other.museum), other._replace(museum=me.museum)
    w.players[seat], w.players[target] = me, other
    w.gain(seat, -public["paid"])
    w.gain(target, public["paid"])
    w.change_turn(ability_used=True)


def _district_adorned(w: Work, event: Event) -> None:
    """One copy of the district is adorned: the one `copy` names (an event names it when the city holds
    several). An event without `copy` adorns every copy of the id, as such events always did: the city had
    one copy then, except in games stored before the Quarry's copies were told apart, which keep their
    meaning."""
    seat, district = event.public["seat"], event.public["district"]
    player = w.players[seat]
    nth = event.public.get("copy")
    only = None if nth is None else player.nth_copy(district, nth)
    city = tuple(
        b._replace(adorned=True) if b.district == district and (only is None or i == only) else b
        for i, b in enumerate(player.city)
    )
    w.players[seat] = player._replace(city=city, gold=player.gold - 1)
    adorned = w.current_turn().adorned + 1
    w.change_turn(adorned=adorned, ability_used=adorned >= 2)


def _museum_used(w: Work, event: Event) -> None:
    seat = event.public["seat"]
    district = event.private[seat]["district"]
    player = w.players[seat]
    w.players[seat] = player._replace(hand=without(player.hand, district), museum=player.museum + (district,))
    w.change_turn(used=w.current_turn().used + ("museum",))


def _armory_used(w: Work, event: Event) -> None:
    remove_from_city(w, event.public["seat"], "armory", event.public.get("armory_copy"))
    remove_from_city(w, event.public["target"], event.public["district"], event.public.get("copy"))


def _bell_tower_set(w: Work, event: Event) -> None:
    w.complete_at = event.public["complete_at"]
    w.change_turn(bell_tower=False)
    w.first_complete = first_complete(w, event.public["seat"])


def _deck_searched(w: Work, event: Event) -> None:
    w.change_turn(searching=True, may_search=False)


def _deck_search_declined(w: Work, event: Event) -> None:
    w.change_turn(may_search=False)


def _deck_card_kept(w: Work, event: Event) -> None:
    seat = event.public["seat"]
    district = event.private[seat]["district"]
    deck = tuple(event.secret["deck"])
    if sorted(deck + (district,)) != sorted(w.deck):
        raise ValueError("deck_card_kept does not match the deck")
    player = w.players[seat]
    w.players[seat] = player._replace(hand=player.hand + (district,))
    w.deck = deck
    w.change_turn(searching=False)


DARK_HANDLERS: dict[str, Handler] = {
    "character_bewitched": _character_bewitched,
    "witch_took_over": _witch_took_over,
    "hospital_turn": _hospital_turn,
    "thanked": _thanked,
    "turn_lost": _turn_lost,
    "gold_paid": _gold_paid,
    "hand_looked_at": _hand_looked_at,
    "card_taken": _card_taken,
    "navigator_took": _navigator_took,
    "districts_exchanged": _districts_exchanged,
    "district_adorned": _district_adorned,
    "museum_used": _museum_used,
    "armory_used": _armory_used,
    "bell_tower_set": _bell_tower_set,
    "deck_searched": _deck_searched,
    "deck_search_declined": _deck_search_declined,
    "deck_card_kept": _deck_card_kept,
}
