"""The fold of the Dark City's events (new characters and purple districts), and the city changes both
editions share: `remove_from_city` (the Museum's cards, the Bell Tower's reset) and `start_turn`."""

from __future__ import annotations

from collections.abc import Callable

from .cards import CHARACTERS
from .events import Event
from .state import TURNS, State, Turn, without

Handler = Callable[[State, Event], State]
DEFAULT_COMPLETE_AT = 8


def turn_of(state: State) -> Turn:
    """The turn being played (a turn event outside a turn is a corrupt log)."""
    assert state.turn is not None, "a turn event outside a turn"
    return state.turn


def start_turn(
    state: State, event: Event, income_only: bool = False, witch: bool = False, income_taken: bool = False,
) -> Turn:
    """The turn a call starts, with the flags its event names (must_thank, gives_crown)."""
    public = event.public
    return Turn(
        public["seat"], public["character"], must_thank=bool(public.get("must_thank")),
        must_give_crown=bool(public.get("gives_crown")), income_only=income_only, witch=witch,
        income_taken=income_taken,
    )


def remove_from_city(state: State, seat: int, district: str) -> State:
    """`district` leaves `seat`'s city for the discard pile; a Museum takes its cards with it, a Bell Tower
    sets the end back to 8 districts unless the end has already been triggered."""
    player = state.players[seat]
    index = player.districts().index(district)
    city = player.city[:index] + player.city[index + 1:]
    discard = state.discard + (district,)
    if district == "museum":
        discard += player.museum
        player = player._replace(museum=())
    state = state.with_player(player._replace(city=city))._replace(discard=discard)
    if district == "bell_tower" and state.first_complete is None:
        state = state._replace(complete_at=DEFAULT_COMPLETE_AT)
    return state


def first_complete(state: State, seat: int) -> int | None:
    """Who completed a city first: the one already known, else `seat` if its city is complete, else the
    first complete city from `seat` on (a Bell Tower set to 7 can complete several at once)."""
    if state.first_complete is not None:
        return state.first_complete
    players = state.rules.players
    for other in ((seat + i) % players for i in range(players)):
        if len(state.players[other].city) >= state.complete_at:
            return other
    return None


def _used_ability(state: State) -> State:
    return state._replace(turn=turn_of(state)._replace(ability_used=True))


def _character_bewitched(state: State, event: Event) -> State:
    return _used_ability(state._replace(bewitched=event.public["character"]))


def _witch_took_over(state: State, event: Event) -> State:
    return state._replace(turn=start_turn(state, event, witch=True, income_taken=True))


def _hospital_turn(state: State, event: Event) -> State:
    rank = CHARACTERS[event.public["character"]].rank
    return state._replace(phase=TURNS, called_rank=rank, turn=start_turn(state, event, income_only=True))


def _thanked(state: State, event: Event) -> State:
    return state._replace(turn=turn_of(state)._replace(must_thank=False))


def _turn_lost(state: State, event: Event) -> State:
    return state


def _gold_paid(state: State, event: Event) -> State:
    seat, to, amount = event.public["seat"], event.public["to"], event.public["amount"]
    state = state.gain(seat, -amount).gain(to, amount)
    if event.public["reason"] == "tax":
        state = state._replace(taxed=state.taxed + (seat,))
    return state


def _hand_looked_at(state: State, event: Event) -> State:
    target = event.public["target"]
    turn = turn_of(state)._replace(seen=state.players[target].hand, seen_seat=target, ability_used=True)
    return state._replace(turn=turn)


def _card_taken(state: State, event: Event) -> State:
    seat, target = event.public["seat"], event.public["target"]
    district = event.private[seat]["district"]
    victim = state.players[target]
    state = state.with_player(victim._replace(hand=without(victim.hand, district)))
    me = state.players[seat]
    state = state.with_player(me._replace(hand=me.hand + (district,)))
    return state._replace(turn=turn_of(state)._replace(seen=(), seen_seat=None))


def _navigator_took(state: State, event: Event) -> State:
    if event.public["take"] == "gold":
        state = state.gain(event.public["seat"], event.public["amount"])
    return _used_ability(state)


def _districts_exchanged(state: State, event: Event) -> State:
    public = event.public
    seat, target, own, their = public["seat"], public["target"], public["own"], public["their"]
    me, other = state.players[seat], state.players[target]
    i, j = me.districts().index(own), other.districts().index(their)
    mine, theirs = me.city[i], other.city[j]
    me = me._replace(city=me.city[:i] + (theirs,) + me.city[i + 1:])
    other = other._replace(city=other.city[:j] + (mine,) + other.city[j + 1:])
    if own == "museum":  # the cards lie under the card and go with it
        me, other = me._replace(museum=other.museum), other._replace(museum=me.museum)
    elif their == "museum":
        me, other = me._replace(museum=other.museum), other._replace(museum=me.museum)
    state = state.with_player(me).with_player(other)
    state = state.gain(seat, -public["paid"]).gain(target, public["paid"])
    return _used_ability(state)


def _district_adorned(state: State, event: Event) -> State:
    seat, district = event.public["seat"], event.public["district"]
    player = state.players[seat]
    city = tuple(b._replace(adorned=True) if b.district == district else b for b in player.city)
    state = state.with_player(player._replace(city=city, gold=player.gold - 1))
    turn = turn_of(state)
    return state._replace(turn=turn._replace(adorned=turn.adorned + 1, ability_used=turn.adorned + 1 >= 2))


def _museum_used(state: State, event: Event) -> State:
    seat = event.public["seat"]
    district = event.private[seat]["district"]
    player = state.players[seat]
    state = state.with_player(player._replace(hand=without(player.hand, district), museum=player.museum + (district,)))
    turn = turn_of(state)
    return state._replace(turn=turn._replace(used=turn.used + ("museum",)))


def _armory_used(state: State, event: Event) -> State:
    state = remove_from_city(state, event.public["seat"], "armory")
    return remove_from_city(state, event.public["target"], event.public["district"])


def _bell_tower_set(state: State, event: Event) -> State:
    state = state._replace(complete_at=event.public["complete_at"], turn=turn_of(state)._replace(bell_tower=False))
    return state._replace(first_complete=first_complete(state, event.public["seat"]))


def _deck_searched(state: State, event: Event) -> State:
    return state._replace(turn=turn_of(state)._replace(searching=True))


def _deck_card_kept(state: State, event: Event) -> State:
    seat = event.public["seat"]
    district = event.private[seat]["district"]
    deck = tuple(event.secret["deck"])
    player = state.players[seat]
    if sorted(deck + (district,)) != sorted(state.deck):
        raise ValueError("deck_card_kept does not match the deck")
    state = state.with_player(player._replace(hand=player.hand + (district,)))
    return state._replace(deck=deck, turn=turn_of(state)._replace(searching=False))


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
    "deck_card_kept": _deck_card_kept,
}
