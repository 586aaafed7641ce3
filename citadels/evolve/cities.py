"""The fold of the cities: districts built, destroyed, exchanged, adorned and blown up, the Graveyard's
offer, the Bell Tower's setting."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..events import Event
from ..payloads import (
    ArmoryUsed,
    BellTowerSet,
    DistrictAdorned,
    DistrictBuilt,
    DistrictDestroyed,
    DistrictsExchanged,
    SeatDistrict,
)
from ..state import Built, GraveyardOffer, State, without

Handler = Callable[[State, Event], None]
DEFAULT_COMPLETE_AT = 8


def remove_from_city(s: State, seat: int, district: str, nth: int | None = None) -> None:
    """`district` (its `nth` copy, by default the first) leaves `seat`'s city for the discard pile; a Museum
    takes its cards with it, a Bell Tower sets the end back to 8 districts unless the end has already been
    triggered."""
    player = s.players[seat]
    index = player.nth_copy(district, nth)
    city = player.city[:index] + player.city[index + 1:]
    s.discard += (district,)
    if district == "museum":
        s.discard += player.museum
        player = player._replace(museum=())
    s.set_player(player._replace(city=city))
    if district == "bell_tower" and s.first_complete is None:
        s.complete_at = DEFAULT_COMPLETE_AT


def first_complete(s: State, seat: int) -> int | None:
    """Who completed a city first: the one already known, else `seat` if its city is complete, else the
    first complete city from `seat` on (a Bell Tower set to 7 can complete several at once)."""
    if s.first_complete is not None:
        return s.first_complete
    players = s.rules.players
    for other in ((seat + i) % players for i in range(players)):
        if len(s.players[other].city) >= s.complete_at:
            return other
    return None


def _district_built(s: State, event: Event) -> None:
    public = cast(DistrictBuilt, event.public)
    seat, district, cost = public["seat"], public["district"], public["cost"]
    player = s.players[seat]
    city = player.city + (Built(district, s.round),)
    s.set_player(player._replace(gold=player.gold - cost, hand=without(player.hand, district), city=city))
    turn = s.current_turn()
    turn.builds += 0 if public.get("wizard") else 1
    turn.spent += cost
    turn.bell_tower = district == "bell_tower"
    turn.may_search = district == "lighthouse" and bool(s.deck)
    if seat not in s.builders:
        s.builders += (seat,)
    # Only this city grew, and no other is complete while `first_complete` is None (a Bell Tower's
    # setting looks at every city): the builder's is the one to check.
    if s.first_complete is None and len(city) >= s.complete_at:
        s.first_complete = seat


def _district_destroyed(s: State, event: Event) -> None:
    public = cast(DistrictDestroyed, event.public)
    remove_from_city(s, public["target"], public["district"], public.get("copy"))
    s.gain(public["seat"], -public["cost"])
    s.current_turn().ability_used = True


def _graveyard_offered(s: State, event: Event) -> None:
    public = cast(SeatDistrict, event.public)
    s.graveyard_offer = GraveyardOffer(public["seat"], public["district"])


def _graveyard_used(s: State, event: Event) -> None:
    public = cast(SeatDistrict, event.public)
    seat, district = public["seat"], public["district"]
    player = s.players[seat]
    discard = s.discard
    index = len(discard) - 1 - discard[::-1].index(district)
    s.set_player(player._replace(gold=player.gold - 1, hand=player.hand + (district,)))
    s.discard, s.graveyard_offer = discard[:index] + discard[index + 1:], None


def _graveyard_declined(s: State, event: Event) -> None:
    s.graveyard_offer = None


def _districts_exchanged(s: State, event: Event) -> None:
    public = cast(DistrictsExchanged, event.public)
    seat, target, own, their = public["seat"], public["target"], public["own"], public["their"]
    me, other = s.players[seat], s.players[target]
    i, j = me.nth_copy(own, public.get("own_copy")), other.nth_copy(their, public.get("their_copy"))
    mine, theirs = me.city[i], other.city[j]
    me = me._replace(city=me.city[:i] + (theirs,) + me.city[i + 1:])
    other = other._replace(city=other.city[:j] + (mine,) + other.city[j + 1:])
    if "museum" in (own, their):  # the cards lie under the card and go with it
        me, other = me._replace(museum=other.museum), other._replace(museum=me.museum)
    s.set_player(me)
    s.set_player(other)
    s.gain(seat, -public["paid"])
    s.gain(target, public["paid"])
    s.current_turn().ability_used = True


def _district_adorned(s: State, event: Event) -> None:
    """One copy of the district is adorned: the one `copy` names (an event names it when the city holds
    several). An event without `copy` adorns every copy of the id, as such events always did: the city had
    one copy then, except in games stored before the Quarry's copies were told apart, which keep their
    meaning."""
    public = cast(DistrictAdorned, event.public)
    seat, district = public["seat"], public["district"]
    player = s.players[seat]
    nth = public.get("copy")
    only = None if nth is None else player.nth_copy(district, nth)
    city = tuple(
        b._replace(adorned=True) if b.district == district and (only is None or i == only) else b
        for i, b in enumerate(player.city)
    )
    s.set_player(player._replace(city=city, gold=player.gold - 1))
    turn = s.current_turn()
    turn.adorned += 1
    turn.ability_used = turn.adorned >= 2


def _armory_used(s: State, event: Event) -> None:
    public = cast(ArmoryUsed, event.public)
    remove_from_city(s, public["seat"], "armory", public.get("armory_copy"))
    remove_from_city(s, public["target"], public["district"], public.get("copy"))


def _bell_tower_set(s: State, event: Event) -> None:
    public = cast(BellTowerSet, event.public)
    s.complete_at = public["complete_at"]
    s.current_turn().bell_tower = False
    s.first_complete = first_complete(s, public["seat"])


CITY_HANDLERS: dict[str, Handler] = {
    "district_built": _district_built,
    "district_destroyed": _district_destroyed,
    "graveyard_offered": _graveyard_offered,
    "graveyard_used": _graveyard_used,
    "graveyard_declined": _graveyard_declined,
    "districts_exchanged": _districts_exchanged,
    "district_adorned": _district_adorned,
    "armory_used": _armory_used,
    "bell_tower_set": _bell_tower_set,
}
