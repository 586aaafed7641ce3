"""Powers over built districts: the Warlord's destruction (and the Graveyard's offer after it), the Bishop's
protection, the Diplomat's exchange, the Artist's adornment, the Armory, the Bell Tower's choice."""

from __future__ import annotations

from rules_kit import IllegalCommand

from ..cards import DISTRICTS
from ..commands import Exchange, NamesDistrict, NamesSeatAndDistrict, SetBellTower, seat_at_table
from ..recorder import Recorder
from ..state import Player, State
from ..turn import current, require_district_power, require_power


def district_value(victim: Player, district: str) -> int:
    """A built district's worth for the Warlord and the Diplomat: its cost, 1 more when adorned. With a
    Quarry's copies, the worth of the copy that goes: the plain one first (`Player.copy_at`)."""
    index = victim.copy_at(district)
    extra = 1 if index is not None and victim.city[index].adorned else 0
    return DISTRICTS[district].cost + extra


def copy_public(player: Player, district: str, field: str = "copy") -> dict[str, int]:
    """The event field naming which copy of `district` goes (`Player.copy_at`), when the city holds several:
    an event without it means the first copy, as before a Quarry's copies were told apart."""
    index = player.copy_at(district)
    assert index is not None
    number = player.copy_number(index)
    return {} if number is None else {field: number}


def bishop_protects(state: State, seat: int) -> bool:
    """Whether the revealed Bishop protects `seat`'s districts (the Witch's, when she bewitched him)."""
    return state.is_revealed("bishop") and state.power_seat("bishop") == seat


# --- the Warlord and the Graveyard ----------------------------------------------------------------------

def destroy_cost(victim: Player, district: str) -> int:
    """What the Warlord pays to destroy `district`: its worth less 1 (cost 1 is free), 1 more against a
    city with the Great Wall (every district of it, the Wall included)."""
    wall = 1 if victim.has("great_wall") else 0
    return max(district_value(victim, district) - 1, 0) + wall


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


def destroy(rec: Recorder, seat: int, command: NamesSeatAndDistrict) -> None:
    """`destroy`: the Warlord pays cost - 1 to destroy a district of another player's city (of a Quarry's
    copies, the plain one first)."""
    require_power(rec.state, seat, "warlord", "destroy districts")
    state = rec.state
    victim = state.players[seat_at_table(command["seat"], state.rules.players)]
    district = command["district"]
    why_not = why_not_destroy(state, seat, victim, district)
    if why_not is not None:
        raise why_not
    rec.emit(
        "district_destroyed",
        {"seat": seat, "target": victim.seat, "district": district, "cost": destroy_cost(victim, district),
         **copy_public(victim, district)},
    )
    owner = graveyard_owner(rec, seat)
    if owner is not None:  # the Graveyard's owner decides, in the Warlord's turn
        rec.emit("graveyard_offered", {"seat": owner, "district": district})


def graveyard_owner(rec: Recorder, warlord: int) -> int | None:
    """The seat whose Graveyard may take a district the Warlord just destroyed (never the Warlord's)."""
    if "diplomat" in rec.state.rules.characters:
        return None  # seed 000: with the Diplomat in the game the Graveyard has no function
    for player in rec.state.players:
        if player.seat != warlord and player.has("graveyard") and player.gold >= 1:
            return player.seat
    return None


def use_graveyard(rec: Recorder, seat: int) -> None:
    """`use_graveyard`: pay 1 gold and take the destroyed district into hand."""
    offer = rec.state.graveyard_offer
    assert offer is not None and offer.seat == seat  # decide routes only the offer's seat here
    rec.emit("graveyard_used", {"seat": seat, "district": offer.district})


def decline_graveyard(rec: Recorder, seat: int) -> None:
    """`decline_graveyard`: leave the destroyed district on the discard pile."""
    rec.emit("graveyard_declined", {"seat": seat})


# --- the Diplomat -------------------------------------------------------------------------------------

def why_not_exchange(state: State, seat: int, own: str, target: int, their: str) -> IllegalCommand | None:
    """Why the Diplomat at `seat` may not exchange his `own` district for `their` of `target`, or None."""
    me, other = state.players[seat], state.players[target]
    if target == seat:
        return IllegalCommand("bad_target", "exchange with another player")
    if not me.has(own) or not other.has(their):
        return IllegalCommand("not_in_city", "name one of your districts and one of theirs")
    if "keep" in (own, their):
        return IllegalCommand("keep", "the Keep cannot be exchanged")
    if bishop_protects(state, target) or bishop_protects(state, seat):
        return IllegalCommand("bishop", "the Bishop's districts cannot be exchanged")
    if len(other.city) >= state.complete_at:
        return IllegalCommand("city_complete", "a complete city cannot be touched")
    if own == their or _duplicate_after(me, own, their) or _duplicate_after(other, their, own):
        return IllegalCommand("duplicate_district", "the exchange would put two identical districts in a city")
    if me.gold < exchange_price(state, seat, own, target, their):
        return IllegalCommand("not_enough_gold", "you cannot pay the difference")
    return None


def _duplicate_after(player: Player, gives: str, gets: str) -> bool:
    """Whether `player`'s city, as it will be after giving `gives` for `gets`, holds `gets` twice without
    a Quarry (the Quarry given away no longer allows it; the Quarry received does)."""
    after = list(player.districts())
    after.remove(gives)
    after.append(gets)
    return after.count(gets) > 1 and "quarry" not in after


def exchange_price(state: State, seat: int, own: str, target: int, their: str) -> int:
    """What the Diplomat pays the other player: the difference when theirs is worth more."""
    mine = district_value(state.players[seat], own)
    return max(district_value(state.players[target], their) - mine, 0)


def exchange(rec: Recorder, seat: int, command: Exchange) -> None:
    """`exchange`: the Diplomat swaps one of his districts for one of another player's (of a Quarry's
    copies, the plain one first on either side)."""
    require_power(rec.state, seat, "diplomat", "exchange districts")
    state = rec.state
    own, their = command["own"], command["their"]
    target = seat_at_table(command["seat"], state.rules.players)
    why_not = why_not_exchange(state, seat, own, target, their)
    if why_not is not None:
        raise why_not
    paid = exchange_price(state, seat, own, target, their)
    rec.emit("districts_exchanged", {
        "seat": seat, "own": own, "target": target, "their": their, "paid": paid,
        **copy_public(state.players[seat], own, "own_copy"),
        **copy_public(state.players[target], their, "their_copy"),
    })


# --- the Artist -----------------------------------------------------------------------------------------

def adorn(rec: Recorder, seat: int, command: NamesDistrict) -> None:
    """`adorn`: the Artist lays 1 gold on one of his districts (twice a turn, each district once): with a
    Quarry's copies, on the first plain copy (each coin adorns one copy)."""
    require_power(rec.state, seat, "artist", "adorn districts")
    district = command["district"]
    why_not = why_not_adorn(rec.state, seat, district)
    if why_not is not None:
        raise why_not
    player = rec.state.players[seat]
    rec.emit("district_adorned", {"seat": seat, "district": district, **copy_public(player, district)})


def why_not_adorn(state: State, seat: int, district: str) -> IllegalCommand | None:
    """Why the Artist at `seat` may not adorn `district` (a plain copy of it), or None."""
    player = state.players[seat]
    if not player.has(district):
        return IllegalCommand("not_in_city", f"you have no '{district}' in your city")
    if all(b.adorned for b in player.city if b.district == district):
        return IllegalCommand("adorned", "each district can be adorned once")
    if player.gold < 1:
        return IllegalCommand("not_enough_gold", "adorning costs 1 gold")
    return None


# --- the Armory and the Bell Tower ------------------------------------------------------------------------

def why_not_armory(state: State, seat: int, target: int, district: str) -> IllegalCommand | None:
    """Why the Armory at `seat` may not blow up `district` of `target`, or None. The Keep, the Bishop and
    a complete city resist the Warlord only: the Armory is no Warlord."""
    if target == seat:
        return IllegalCommand("bad_target", "the Armory destroys a district of another player")
    if not state.players[target].has(district):
        return IllegalCommand("not_in_city", f"seat {target} has no '{district}'")
    return None


def use_armory(rec: Recorder, seat: int, command: NamesSeatAndDistrict) -> None:
    """`use_armory`: blow up the Armory and one district of another player (of a Quarry's copies, the plain
    one first); both go to the discard pile."""
    require_district_power(rec.state, seat, "armory")
    target = seat_at_table(command["seat"], rec.state.rules.players)
    district = command["district"]
    why_not = why_not_armory(rec.state, seat, target, district)
    if why_not is not None:
        raise why_not
    players = rec.state.players
    rec.emit("armory_used", {
        "seat": seat, "target": target, "district": district, **copy_public(players[target], district),
        **copy_public(players[seat], "armory", "armory_copy"),
    })


def set_bell_tower(rec: Recorder, seat: int, command: SetBellTower) -> None:
    """`set_bell_tower`: the Bell Tower's builder decides at once whether a city is complete at 7 or 8 (building
    it opens the decision: `district_built` sets the turn's `bell_tower`)."""
    if not current(rec.state, seat).bell_tower:
        raise IllegalCommand("not_now", "you have not just built the Bell Tower")
    rec.emit("bell_tower_set", {"seat": seat, "complete_at": command["districts"]})
