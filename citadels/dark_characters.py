"""The ten characters of "Die dunklen Lande" (seed 000): their automatic effects, their commands and the
end of a turn they shape (the Tax Collector's taxes, the Alchemist's refund, the Witch's part)."""

from __future__ import annotations

from rules_kit import IllegalCommand

from . import characters, turn
from .commands import Command, seat_field, text_field
from .recorder import Recorder
from .state import Player, State, Turn

QUEEN_GOLD, NAVIGATOR_TAKE, ARTIST_ADORNMENTS = 3, 4, 2


def on_turn_start(rec: Recorder, seat: int, character: str) -> None:
    """The automatic powers as the turn of `character` starts for `seat`: the Queen's gold next to the
    crown, the Abbot's coin from the richest, the Tax Collector's taxes from those who built before him."""
    state = rec.state
    if character == "queen":
        players = state.rules.players
        if state.crown in ((seat + 1) % players, (seat - 1) % players):
            rec.emit("bonus_gold", {"seat": seat, "amount": QUEEN_GOLD, "reason": "queen"})
    elif character == "abbot":
        most = max(p.gold for p in state.players)
        richest = [p.seat for p in state.players if p.gold == most]
        if len(richest) == 1 and richest[0] != seat and most > 0:
            rec.emit("gold_paid", {"seat": richest[0], "to": seat, "amount": 1, "reason": "abbot"})
    elif character == "tax_collector":
        for payer in state.builders:
            if _tax(rec, payer, seat, spared=1 if payer in state.alms else 0):
                _poor_house(rec, payer)  # a back-tax that took his last gold: the Poor House pays at once


def _tax(rec: Recorder, payer: int, collector: int, spared: int = 0) -> bool:
    """The Tax Collector's gold from `payer`, if he owes it and has gold beyond the `spared` coins (the Poor
    House's, safe from the back tax); True if he paid."""
    state = rec.state
    if (
        payer != collector and payer in state.builders and payer not in state.taxed
        and state.players[payer].gold > spared
    ):
        rec.emit("gold_paid", {"seat": payer, "to": collector, "amount": 1, "reason": "tax"})
        return True
    return False


def _poor_house(rec: Recorder, seat: int) -> None:
    """The Poor House's gold for a player left without any. Seed 000: "Dieses Goldstück ist sicher vor dem
    Steuereintreiber": a coin that a back tax could still reach (its owner built this round, has not paid, and
    the Tax Collector, in play, has not revealed yet) is marked safe from it."""
    state = rec.state
    player = state.players[seat]
    if player.has("poor_house") and player.gold == 0:
        public: dict[str, object] = {"seat": seat, "amount": 1, "reason": "poor_house"}
        if seat in state.builders and seat not in state.taxed and _back_tax_may_come(state):
            public["safe_from_tax"] = True
        rec.emit("bonus_gold", public)


def _back_tax_may_come(state: State) -> bool:
    """Whether the Tax Collector may still reveal this round and collect back taxes, from public facts only
    (who holds him is secret until he reveals)."""
    collector = "tax_collector"
    return (
        collector in state.rules.characters and collector not in state.face_up and state.killed != collector
        and not state.is_revealed(collector)
    )


def end_of_turn(rec: Recorder, turn_: Turn) -> None:
    """In the rulebook's order: the tax, then the Poor House, then the Alchemist's refund; the Park last."""
    seat = turn_.seat
    if rec.state.is_revealed("tax_collector"):
        collector = rec.state.power_seat("tax_collector")
        if collector is not None:
            _tax(rec, seat, collector)
    _poor_house(rec, seat)
    if turn_.character == "alchemist" and turn_.spent and not turn_.income_only:
        rec.emit("bonus_gold", {"seat": seat, "amount": turn_.spent, "reason": "alchemist"})
    state = rec.state
    if state.players[seat].has("park") and not state.players[seat].hand and (state.deck or state.discard):
        turn.draw(rec, seat, 2, "park")


# --- the Witch ----------------------------------------------------------------------------------------

def bewitch(rec: Recorder, seat: int, command: Command) -> None:
    """`bewitch`: after her income the Witch names a character; her turn ends at once."""
    turn_ = _power(rec, seat, "witch", "bewitch")
    turn.require_income(turn_, "bewitch")
    target = characters.named_character(rec.state, command)
    if target == "witch":
        raise IllegalCommand("bad_target", "the Witch cannot bewitch herself")
    rec.emit("character_bewitched", {"seat": seat, "character": target})
    turn.finish_turn(rec)


def witch_takes_over(rec: Recorder, ended: Turn) -> bool:
    """After the bewitched character's income, the Witch plays the rest of its turn; True if she does."""
    state = rec.state
    witch = state.holder("witch")
    if not ended.income_only or ended.character != state.bewitched or witch is None:
        return False
    public: dict[str, object] = {"seat": witch, "character": ended.character, "victim": ended.seat}
    if emperor_must_give(state, witch, ended.character):
        public["gives_crown"] = True
    rec.emit("witch_took_over", public)
    characters.on_turn_start(rec, witch, ended.character)
    return True


# --- the Wizard ---------------------------------------------------------------------------------------

def look_at_hand(rec: Recorder, seat: int, command: Command) -> None:
    """`look_at_hand`: the Wizard looks at another player's hand (he must then take one card of it). He is shown
    its cards sorted: the hand's order is the order its cards came in, which is not his to see."""
    _power(rec, seat, "wizard", "look at a hand")
    state = rec.state
    target = seat_field(command, "seat", state.rules.players)
    if target == seat:
        raise IllegalCommand("bad_target", "look at another player's hand")
    if not state.players[target].hand:
        raise IllegalCommand("empty_hand", f"seat {target} has no cards in hand")
    rec.emit(
        "hand_looked_at", {"seat": seat, "target": target},
        private={seat: {"hand": sorted(state.players[target].hand)}},
    )


def take_card(rec: Recorder, seat: int, command: Command) -> None:
    """`take_card`: the Wizard keeps one card of the hand he looked at, into his hand or built at once
    (at its full price, in addition to his normal build)."""
    state = rec.state
    turn_ = turn.current(state, seat)
    district = text_field(command, "district")
    build = command.get("build", False)
    if not isinstance(build, bool):
        raise IllegalCommand("malformed", "'build' is true or false", "needs_boolean",
                             {"command": command["type"], "field": "build"})
    if district not in turn_.seen:
        raise IllegalCommand("not_seen", f"'{district}' is not in the hand you looked at")
    player = state.players[seat]
    if build:
        why_not = turn.why_not_afford(player, district)
        if why_not is None and player.gold < turn.build_cost(player, district):
            why_not = IllegalCommand("not_enough_gold", f"building it costs {turn.build_cost(player, district)} gold")
        if why_not is not None:
            raise why_not
    target = turn_.seen_seat
    assert target is not None
    rec.emit(
        "card_taken", {"seat": seat, "target": target, "build": build},
        private={seat: {"district": district}, target: {"district": district}},
    )
    if build:
        cost = turn.build_cost(rec.state.players[seat], district)
        rec.emit("district_built", {"seat": seat, "district": district, "cost": cost, "wizard": True})


# --- the Emperor, the Navigator, the Diplomat, the Artist ---------------------------------------------

def crown_targets(state: State, seat: int) -> list[int]:
    """Whom the Emperor at `seat` may give the crown: neither himself nor its holder."""
    return [p.seat for p in state.players if p.seat not in (seat, state.crown)]


def emperor_must_give(state: State, seat: int, character: str) -> bool:
    """Whether the Emperor's turn opens with giving the crown (not when nobody may receive it)."""
    return character == "emperor" and bool(crown_targets(state, seat))


def give_crown(rec: Recorder, seat: int, command: Command) -> None:
    """`give_crown`: the Emperor gives the crown to another player (his first act)."""
    state = rec.state
    if not turn.current(state, seat).must_give_crown:
        raise IllegalCommand("not_now", "you have no crown to give")
    target = seat_field(command, "seat", state.rules.players)
    if target not in crown_targets(state, seat):
        raise IllegalCommand("bad_target", "give the crown to another player than yourself and its holder")
    characters.pass_crown(rec, target, "emperor")


def navigate(rec: Recorder, seat: int, command: Command) -> None:
    """`navigate`: after his income the Navigator takes 4 gold or 4 cards."""
    turn_ = _power(rec, seat, "navigator", "take 4 gold or cards")
    turn.require_income(turn_, "take the Navigator's extra")
    take = command.get("take")
    if take not in ("gold", "cards"):
        raise IllegalCommand("malformed", "'navigate' needs 'take': 'gold' or 'cards'", "needs_choice",
                             {"command": "navigate", "field": "take", "choices": ["gold", "cards"]})
    state = rec.state
    if take == "cards" and not state.deck and not state.discard:
        raise IllegalCommand("deck_empty", "there are no cards left to draw: take gold instead")
    rec.emit("navigator_took", {"seat": seat, "take": take, "amount": NAVIGATOR_TAKE})
    if take == "cards":
        turn.draw(rec, seat, NAVIGATOR_TAKE, "navigator")


def why_not_exchange(state: State, seat: int, own: str, target: int, their: str) -> IllegalCommand | None:
    """Why the Diplomat at `seat` may not exchange his `own` district for `their` of `target`, or None."""
    me, other = state.players[seat], state.players[target]
    if target == seat:
        return IllegalCommand("bad_target", "exchange with another player")
    if not me.has(own) or not other.has(their):
        return IllegalCommand("not_in_city", "name one of your districts and one of theirs")
    if "keep" in (own, their):
        return IllegalCommand("keep", "the Keep cannot be exchanged")
    if characters.bishop_protects(state, target) or characters.bishop_protects(state, seat):
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
    mine = characters.district_value(state.players[seat], own)
    return max(characters.district_value(state.players[target], their) - mine, 0)


def exchange(rec: Recorder, seat: int, command: Command) -> None:
    """`exchange`: the Diplomat swaps one of his districts for one of another player's (of a Quarry's
    copies, the plain one first on either side)."""
    _power(rec, seat, "diplomat", "exchange districts")
    state = rec.state
    own, their = text_field(command, "own"), text_field(command, "their")
    target = seat_field(command, "seat", state.rules.players)
    why_not = why_not_exchange(state, seat, own, target, their)
    if why_not is not None:
        raise why_not
    paid = exchange_price(state, seat, own, target, their)
    rec.emit("districts_exchanged", {
        "seat": seat, "own": own, "target": target, "their": their, "paid": paid,
        **characters.copy_public(state.players[seat], own, "own_copy"),
        **characters.copy_public(state.players[target], their, "their_copy"),
    })


def adorn(rec: Recorder, seat: int, command: Command) -> None:
    """`adorn`: the Artist lays 1 gold on one of his districts (twice a turn, each district once): with a
    Quarry's copies, on the first plain copy (each coin adorns one copy)."""
    _power(rec, seat, "artist", "adorn districts")
    district = text_field(command, "district")
    why_not = why_not_adorn(rec.state, seat, district)
    if why_not is not None:
        raise why_not
    player = rec.state.players[seat]
    rec.emit("district_adorned", {"seat": seat, "district": district, **characters.copy_public(player, district)})


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


def _power(rec: Recorder, seat: int, character: str, power: str) -> Turn:
    characters.require_power(rec, seat, character, power)
    return turn.current(rec.state, seat)

