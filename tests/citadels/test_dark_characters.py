"""The ten characters of "Die dunklen Lande" (seed 000) and every special case their texts name.

Five players and nine characters: two lie face up, one face down, seat 0 holds the crown and chooses first.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from citadels import RULES, IllegalCommand

from .scenario import Table, drafted, of_type, with_player

BASE9 = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "artist"]


def table5(characters: list[str], picks: list[str], face_up: tuple[str, ...], face_down: str, **kw) -> Table:
    """Five players with these nine characters; `picks` from seat 0 on (the last leftover goes face down)."""
    return drafted(picks, face_up, face_down, players=5, characters=characters, **kw)


def with_(*replacements: str) -> list[str]:
    """The base characters plus the Artist, each given Dark City character replacing the one of its rank."""
    from citadels.cards import CHARACTERS

    chosen = {CHARACTERS[c].rank: c for c in BASE9}
    chosen.update({CHARACTERS[c].rank: c for c in replacements})
    return [chosen[rank] for rank in sorted(chosen)]


def revealed(table: Table) -> list[str]:
    return [e.public["character"] for e in of_type(table.events, "character_revealed")]


# --- the Witch ----------------------------------------------------------------------------------------------

def witch_table(target_picks: list[str] | None = None) -> Table:
    """Seat 0 Witch, 1 Thief, 2 Merchant, 3 King, 4 Bishop; Magician and Architect face up, Artist face down."""
    picks = target_picks or ["witch", "thief", "merchant", "king", "bishop"]
    return table5(with_("witch"), picks, ("magician", "architect"), "artist")


def test_witch_takes_her_income_then_bewitches_and_her_turn_ends() -> None:
    table = witch_table()
    assert table.refuse("bewitch", character="merchant") == "income_first"
    table.income()
    assert not [c for c in table.legal() if c["type"] == "build"]
    assert sorted(c["character"] for c in table.legal() if c["type"] == "bewitch") == [
        "artist", "bishop", "king", "merchant", "thief", "warlord"]
    assert table.refuse("bewitch", character="witch") == "bad_target"
    assert table.refuse("bewitch", character="magician") == "bad_target"  # face up
    events = table.do("bewitch", character="merchant")
    assert table.types(events)[:2] == ["character_bewitched", "turn_ended"]
    assert table.view(None)["bewitched"] == "merchant"
    assert table.state.turn.character == "thief"


def test_bewitched_takes_only_income_and_the_witch_plays_the_rest_with_its_powers() -> None:
    table = witch_table()
    table.set(0, city=["tavern", "market"])  # the Witch's green districts
    table.set(2, city=["docks"], hand=["castle", "temple"], gold=5)
    table.income()
    table.do("bewitch", character="merchant")
    for _ in range(3):
        table.end()  # the Thief, the King, the Bishop
    assert table.seat == 2 and table.state.turn.income_only
    assert [c["type"] for c in table.legal()] == ["take_gold", "draw_cards"]
    assert table.refuse("build", district="temple") == "income_only"
    assert table.refuse("collect_income") == "income_only"
    gold_before = table.gold(0)
    events = table.do("take_gold")
    assert table.types(events)[:4] == ["gold_taken", "turn_ended", "witch_took_over", "bonus_gold"]
    assert table.gold(2) == 7 and table.city(2) == ["docks"]  # no Merchant's gold for the bewitched
    assert table.seat == 0 and table.state.turn.character == "merchant" and table.state.turn.witch
    assert table.gold(0) == gold_before + 1  # the Merchant's extra gold goes to the Witch
    table.do("collect_income")
    assert table.gold(0) == gold_before + 1 + 2  # her own green districts
    table.set(0, hand=["harbor"], gold=10)
    table.do("build", district="harbor")
    assert "harbor" in table.city(0)  # she builds in her own city
    table.do("end_turn")
    assert table.state.round == 2  # the Merchant's turn was the last of the round


def test_bewitched_king_still_takes_the_crown() -> None:
    table = witch_table()
    table.set(0, city=["manor", "castle"])
    table.income()
    table.do("bewitch", character="king")
    table.end()  # the Thief
    events = table.do("take_gold")  # seat 3, the bewitched King
    assert table.state.crown == 3
    assert of_type(table.events, "crown_passed")[-1].public == {"seat": 3, "reason": "king"}
    assert of_type(events, "witch_took_over")[0].public == {"seat": 0, "character": "king", "victim": 3}
    before = table.gold(0)
    table.do("collect_income")
    assert table.gold(0) == before + 2  # the King's income for the Witch's yellow districts


def test_bewitched_bishop_protects_the_witch_not_his_player() -> None:
    characters = with_("witch")
    table = table5(characters, ["witch", "thief", "bishop", "king", "warlord"], ("magician", "architect"), "artist")
    table.income()
    table.do("bewitch", character="bishop")
    table.end()  # Thief
    table.end()  # King (seat 3)
    table.do("take_gold")  # the bewitched Bishop (seat 2)
    table.end()  # the Witch as Bishop
    assert table.state.turn.character == "warlord"
    table.set(4, gold=10)
    table.set(0, city=["temple"])
    table.set(2, city=["church"])
    assert table.refuse("destroy", seat=0, district="temple") == "bishop"
    table.do("destroy", seat=2, district="church")
    assert table.city(2) == []


def test_bewitched_character_nobody_chose_gives_the_witch_no_turn() -> None:
    table = witch_table()
    table.income()
    table.do("bewitch", character="artist")  # face down: nobody holds it
    while table.state.round == 1:
        table.end()
    assert not of_type(table.events, "witch_took_over")


def test_thief_may_rob_neither_the_witch_nor_the_bewitched() -> None:
    table = witch_table()
    table.income()
    table.do("bewitch", character="king")
    assert table.state.turn.character == "thief"
    assert table.refuse("rob", character="witch") == "bad_target"
    assert table.refuse("rob", character="king") == "bad_target"
    robbable = {c["character"] for c in table.legal() if c["type"] == "rob"}
    assert "witch" not in robbable and "king" not in robbable and "merchant" in robbable


def test_bewitched_thief_robs_for_the_witch() -> None:
    """Seed 000: the Witch plays the bewitched character's turn "als wäre es ihr eigener", with all its
    powers: the gold she steals as the Thief is hers, not the Thief's player's."""
    table = witch_table()
    table.set(2, gold=6)
    table.income()
    table.do("bewitch", character="thief")
    thief_gold = table.gold(1)
    table.do("take_gold")  # the bewitched Thief (seat 1): income only
    assert table.seat == 0 and table.state.turn.character == "thief" and table.state.turn.witch
    table.do("rob", character="merchant")
    table.do("end_turn")
    witch_gold = table.gold(0)
    while table.state.turn.character != "merchant":
        table.end()  # the King, the Bishop
    stolen = of_type(table.events, "gold_stolen")
    assert [e.public for e in stolen] == [{"seat": 0, "victim": 2, "amount": 6}]
    assert table.gold(0) == witch_gold + 6 and table.gold(1) == thief_gold + 2
    assert table.view(None)["players"][0]["gold"] == witch_gold + 6
    assert table.view(None)["players"][2]["gold"] == 0 + 1  # then the Merchant's own gold


# --- the Tax Collector --------------------------------------------------------------------------------------

def tax_table(**kw) -> Table:
    """Seat 0 Assassin, 1 Tax Collector, 2 King, 3 Merchant, 4 Warlord."""
    return table5(with_("tax_collector"), ["assassin", "tax_collector", "king", "merchant", "warlord"],
                  ("magician", "architect"), "bishop", **kw)


def test_tax_collector_takes_one_gold_from_each_builder_at_the_end_of_the_turn() -> None:
    table = tax_table()
    table.end()  # the Assassin
    table.end()  # the Tax Collector
    table.set(2, hand=["tavern", "temple"], gold=3)
    table.income()
    table.do("build", district="tavern")
    events = table.do("end_turn")
    assert of_type(events, "gold_paid")[0].public == {"seat": 2, "to": 1, "amount": 1, "reason": "tax"}
    assert table.gold(2) == 5 - 1 - 1
    table.set(3, hand=["castle"], gold=3)  # the Merchant (his +1 already in): 3 + 2, the Castle: 1 left
    table.income()
    table.do("build", district="castle")
    events = table.do("end_turn")
    assert of_type(events, "gold_paid") and table.gold(3) == 0


def test_a_builder_without_gold_pays_nothing_and_a_player_pays_once_a_round() -> None:
    table = tax_table()
    table.end()
    table.end()
    table.set(2, hand=["palace"], gold=3)
    table.income()
    table.do("build", district="palace")  # 5 gold: nothing left
    assert not of_type(table.do("end_turn"), "gold_paid")


def test_assassin_who_built_before_pays_when_the_tax_collector_reveals() -> None:
    table = tax_table()
    table.set(0, hand=["temple"], gold=2)
    table.income()
    table.do("build", district="temple")
    events = table.do("end_turn")  # the Tax Collector has not shown himself yet: he collects as he does
    assert [e.type for e in events][:3] == ["turn_ended", "character_revealed", "gold_paid"]
    assert events[2].public == {"seat": 0, "to": 1, "amount": 1, "reason": "tax"}
    assert table.state.turn.character == "tax_collector"


def test_witch_who_built_before_pays_when_the_tax_collector_reveals() -> None:
    """The Witch builds nothing in her own turn (it ends as she bewitches), so this arises only through
    the general rule: whoever built this round before the Tax Collector revealed pays as he reveals."""
    table = table5(with_("witch", "tax_collector"), ["witch", "tax_collector", "king", "merchant", "warlord"],
                   ("magician", "architect"), "bishop")
    table.income()
    table.state = replace(table.state, builders=(0,))
    events = table.do("bewitch", character="warlord")
    assert of_type(events, "gold_paid")[0].public == {"seat": 0, "to": 1, "amount": 1, "reason": "tax"}


def test_poor_house_pays_after_the_tax_and_the_alchemist_after_the_poor_house() -> None:
    characters = with_("tax_collector", "alchemist")
    table = table5(characters, ["assassin", "tax_collector", "alchemist", "king", "warlord"],
                   ("magician", "architect"), "bishop")
    table.end()
    table.end()
    assert table.state.turn.character == "king"
    table.end()
    table.set(2, hand=["castle"], gold=3, city=["poor_house"])
    table.income()  # 5 gold
    table.do("build", district="castle")  # 1 left
    events = table.do("end_turn")
    kinds = [(e.type, e.public.get("reason")) for e in events][:3]
    assert kinds == [("gold_paid", "tax"), ("bonus_gold", "poor_house"), ("bonus_gold", "alchemist")]
    assert table.gold(2) == 0 + 1 + 4


def test_poor_house_pays_right_after_a_back_tax_that_took_the_last_gold() -> None:
    """Seed 000: "Musste der Spieler sein letztes Goldstück dem Steuereintreiber geben, so erhält er danach
    das Gold vom Armenhaus" - also when the Assassin pays his tax as the Tax Collector reveals."""
    table = tax_table()
    table.set(0, hand=["temple"], gold=0, city=["poor_house"])
    table.income()  # 2 gold
    table.do("build", district="temple")  # 1 left: no Poor House at the end of his turn
    events = table.do("end_turn")
    kinds = [(e.type, e.public.get("seat"), e.public.get("reason")) for e in events]
    assert ("bonus_gold", 0, "poor_house") not in kinds[:kinds.index(("character_revealed", 1, None))]
    paid = kinds.index(("gold_paid", 0, "tax"))
    assert kinds[paid + 1] == ("bonus_gold", 0, "poor_house")
    assert table.gold(0) == 1 and table.gold(1) == 2 + 1


def test_poor_house_coin_is_safe_from_the_back_tax_and_paid_once() -> None:
    """Seed 000, Armenhaus: "Besitzt der Spieler mit dem Armenhaus nach seinem Zug kein Gold, so erhält er ein
    Goldstück aus der Bank. Dieses Goldstück ist sicher vor dem Steuereintreiber." The Assassin who built and
    ended his turn without gold keeps the Poor House's coin when the Tax Collector reveals, and the Poor House
    does not pay again."""
    table = tax_table()
    table.set(0, hand=["church"], gold=0, city=["poor_house"])
    table.income()  # 2 gold
    table.do("build", district="church")  # 0 left: the Poor House pays at the end of his turn
    collector_gold = table.gold(1)
    events = table.do("end_turn")
    alms = [e for e in of_type(events, "bonus_gold") if e.public["reason"] == "poor_house"]
    assert [e.public for e in alms] == [{"seat": 0, "amount": 1, "reason": "poor_house", "safe_from_tax": True}]
    assert table.state.turn.character == "tax_collector"
    assert not [e for e in of_type(events, "gold_paid") if e.public["seat"] == 0]
    assert table.gold(0) == 1 and table.gold(1) == collector_gold
    assert RULES.load_state(RULES.dump_state(table.state)) == table.state  # the safe coin is in the snapshot


def test_witchs_poor_house_coin_is_safe_from_the_back_tax_too() -> None:
    """Seed 000 names the Witch with the Assassin among those who pay the back tax; her Poor House coin is as
    safe ("Das „Almosen“ ... [ist] also sicher vor dem Steuereintreiber")."""
    table = table5(with_("witch", "tax_collector"), ["witch", "tax_collector", "king", "merchant", "warlord"],
                   ("magician", "architect"), "bishop")
    table.set(0, gold=0, city=["poor_house"])
    table.do("draw_cards")
    table.do("keep_card", district=table.state.turn.drawn[0])
    table.state = replace(table.state, builders=(0,))  # as if she had built (see the test above)
    events = table.do("bewitch", character="warlord")
    assert not [e for e in of_type(events, "gold_paid") if e.public["seat"] == 0]
    assert [e.public.get("safe_from_tax") for e in of_type(events, "bonus_gold") if e.public["seat"] == 0] == [True]
    assert table.gold(0) == 1 and table.state.turn.character == "tax_collector"


def test_poor_house_coin_safe_only_while_a_back_tax_may_come() -> None:
    """A Poor House coin paid after the Tax Collector revealed (he then collects at the end of the turn, before
    the Poor House) or without him in play is an ordinary coin: nothing to mark."""
    table = tax_table()
    table.end()  # the Assassin
    table.end()  # the Tax Collector
    table.set(2, hand=["palace"], gold=3, city=["poor_house"])
    table.income()
    table.do("build", district="palace")  # 0 left
    events = table.do("end_turn")
    alms = [e.public for e in of_type(events, "bonus_gold") if e.public["reason"] == "poor_house"]
    assert alms == [{"seat": 2, "amount": 1, "reason": "poor_house"}] and table.state.alms == ()


# --- the Wizard ------------------------------------------------------------------------------------------

def wizard_table() -> Table:
    """Seat 0 Wizard plays first (Assassin and Thief face up, King face down)."""
    return table5(with_("wizard"), ["wizard", "bishop", "merchant", "architect", "warlord"],
                  ("assassin", "thief"), "king")


def test_wizard_looks_at_a_hand_and_takes_a_card_into_his_hand() -> None:
    table = wizard_table()
    table.set(2, hand=["castle", "temple"])
    events = table.do("look_at_hand", seat=2)
    assert events[0].private == {0: {"hand": ["castle", "temple"]}}
    for seat in (None, 1, 2, 3):
        assert "hand" not in (RULES.redact(events[0], seat) or {})
    assert table.view(0)["seen_hand"] == {"seat": 2, "cards": ["castle", "temple"]}
    assert table.refuse("take_gold") == "decide_first"
    assert table.refuse("take_card", district="palace") == "not_seen"
    table.do("take_card", district="castle")
    assert "castle" in table.hand(0) and table.hand(2) == ["temple"]
    assert table.refuse("look_at_hand", seat=3) == "ability_used"


def test_wizard_builds_the_card_at_once_at_full_price_besides_his_normal_build() -> None:
    table = wizard_table()
    table.set(0, gold=10, hand=["temple"])
    table.set(2, hand=["castle"])
    table.do("look_at_hand", seat=2)
    table.do("take_card", district="castle", build=True)
    assert table.city(0) == ["castle"] and table.gold(0) == 6
    table.income()
    table.do("build", district="temple")
    assert table.city(0) == ["castle", "temple"]


def test_wizard_may_not_look_at_an_empty_hand_nor_his_own() -> None:
    table = wizard_table()
    table.set(2, hand=[])
    assert table.refuse("look_at_hand", seat=2) == "empty_hand"
    assert table.refuse("look_at_hand", seat=0) == "bad_target"


# --- the Emperor ------------------------------------------------------------------------------------------

def emperor_table(**kw) -> Table:
    """Seat 2 Emperor; seat 0 holds the crown."""
    return table5(with_("emperor"), ["assassin", "thief", "emperor", "bishop", "warlord"],
                  ("magician", "architect"), "merchant", **kw)


def test_emperor_must_give_the_crown_to_another_player_first() -> None:
    table = emperor_table()
    table.end()
    table.end()
    assert table.state.turn.character == "emperor" and table.state.turn.must_give_crown
    assert table.refuse("take_gold") == "decide_first"
    assert sorted(c["seat"] for c in table.legal()) == [1, 3, 4]
    assert table.refuse("give_crown", seat=2) == "bad_target"
    assert table.refuse("give_crown", seat=0) == "bad_target"
    table.do("give_crown", seat=4)
    assert table.state.crown == 4
    table.set(2, city=["manor"])
    table.income()
    table.do("collect_income")
    assert table.gold(2) == 2 + 2 + 1


def test_killed_emperor_gives_no_crown() -> None:
    table = emperor_table()
    table.do("kill", character="emperor")
    while table.state.round == 1:
        table.end()
    assert table.state.crown == 0


# --- the Abbot --------------------------------------------------------------------------------------------

def abbot_table() -> Table:
    return table5(with_("abbot"), ["assassin", "thief", "king", "abbot", "warlord"],
                  ("magician", "architect"), "merchant")


@pytest.mark.parametrize(("golds", "paid"), [
    ([9, 2, 2, 2, 2], 0), ([9, 9, 2, 2, 2], None), ([2, 2, 2, 9, 2], None),
])
def test_abbot_takes_one_gold_from_the_single_richest(golds: list[int], paid: int | None) -> None:
    table = abbot_table()
    for _ in range(3):
        table.end()
    table.state = replace(table.state, called_rank=4, turn=None)
    for seat, gold in enumerate(golds):
        table.set(seat, gold=gold)
    from citadels.flow import call_next
    from citadels.recorder import Recorder

    rec = Recorder(table.state, table.rng)
    call_next(rec)
    payments = of_type(rec.events, "gold_paid")
    if paid is None:
        assert not payments
    else:
        assert payments[0].public == {"seat": paid, "to": 3, "amount": 1, "reason": "abbot"}


# --- the Alchemist and the Navigator -----------------------------------------------------------------------

def test_alchemist_gets_back_the_gold_he_paid_for_districts_not_what_he_lost() -> None:
    table = table5(with_("alchemist"), ["thief", "king", "alchemist", "bishop", "warlord"],
                   ("magician", "architect"), "assassin")
    table.do("rob", character="alchemist")
    table.end()
    table.end()  # the King
    table.end()  # the Bishop
    assert table.state.turn.character == "alchemist" and table.gold(2) == 0  # robbed
    table.set(2, gold=6, hand=["palace"])
    table.income()
    table.do("build", district="palace")
    events = table.do("end_turn")
    assert of_type(events, "bonus_gold")[0].public == {"seat": 2, "amount": 5, "reason": "alchemist"}
    assert table.gold(2) == 8


def test_navigator_takes_four_gold_or_four_cards_after_income_and_may_not_build() -> None:
    table = table5(with_("navigator"), ["navigator", "assassin", "thief", "king", "warlord"],
                   ("magician", "bishop"), "merchant")
    for _ in range(3):
        table.end()
    assert table.state.turn.character == "navigator"
    assert table.refuse("navigate", take="gold") == "income_first"
    table.income()
    table.set(0, gold=9, hand=["temple"])
    assert table.refuse("build", district="temple") == "build_limit"
    table.do("navigate", take="cards")
    assert len(table.hand(0)) == 5
    assert table.refuse("navigate", take="gold") == "ability_used"


# --- the Diplomat ----------------------------------------------------------------------------------------

def diplomat_table(**kw) -> Table:
    """Seat 4 Diplomat plays last; seat 1 is the Bishop."""
    table = table5(with_("diplomat"), ["king", "bishop", "merchant", "architect", "diplomat"],
                   ("assassin", "thief"), "magician", **kw)
    for _ in range(4):
        table.end()
    assert table.state.turn.character == "diplomat"
    return table


def test_diplomat_exchanges_districts_and_pays_the_difference() -> None:
    table = diplomat_table()
    table.set(4, gold=3, city=["temple", "watchtower"])
    table.set(2, gold=0, city=["castle"])
    table.do("exchange", own="temple", seat=2, their="castle")
    assert table.city(4) == ["castle", "watchtower"] and table.city(2) == ["temple"]
    assert table.gold(4) == 0 and table.gold(2) == 3
    table.income()
    table.do("collect_income")
    assert table.gold(4) == 2 + 1  # the Watchtower: one red district


def test_diplomat_may_not_take_the_keep_the_bishops_districts_or_more_than_he_can_pay() -> None:
    table = diplomat_table()
    table.set(4, gold=1, city=["temple", "keep"])
    table.set(1, city=["castle"])
    table.set(2, city=["keep", "palace", "tavern"])
    assert table.refuse("exchange", own="temple", seat=2, their="keep") == "keep"
    assert table.refuse("exchange", own="keep", seat=2, their="tavern") == "keep"
    assert table.refuse("exchange", own="temple", seat=1, their="castle") == "bishop"
    assert table.refuse("exchange", own="temple", seat=2, their="palace") == "not_enough_gold"
    table.do("exchange", own="temple", seat=2, their="tavern")


def test_diplomat_duplicate_check_looks_at_the_cities_after_the_exchange() -> None:
    """Only the Quarry allows two identical districts in a city (rule 001:196): a Quarry given away in the
    exchange no longer allows it in its old city, a Quarry received allows it in the new one."""
    table = diplomat_table()
    table.set(4, gold=10, city=["quarry", "tavern", "temple"])
    table.set(2, gold=0, city=["tavern", "market"])
    assert table.refuse("exchange", own="quarry", seat=2, their="tavern") == "duplicate_district"
    table.set(2, gold=0, city=["quarry", "market"])
    table.set(4, gold=10, city=["market", "temple"])
    assert table.refuse("exchange", own="market", seat=2, their="quarry") == "duplicate_district"
    table.set(4, gold=10, city=["tavern", "temple"])
    table.set(2, gold=0, city=["quarry", "tavern"])
    table.do("exchange", own="temple", seat=2, their="quarry")
    assert table.city(4) == ["tavern", "quarry"] and table.city(2) == ["temple", "tavern"]


def test_diplomat_may_bring_a_duplicate_into_a_city_that_keeps_its_quarry() -> None:
    table = diplomat_table()
    table.set(4, gold=10, city=["quarry", "tavern", "temple"])
    table.set(2, gold=0, city=["tavern", "market"])
    table.do("exchange", own="temple", seat=2, their="tavern")
    assert table.city(4) == ["quarry", "tavern", "tavern"] and table.city(2) == ["temple", "market"]


def test_graveyard_has_no_function_with_the_diplomat_in_the_game() -> None:
    """The Warlord and the Diplomat share rank 8, so the Graveyard could only act in a later round of another
    game: with the Diplomat among the characters it is never offered."""
    table = table5(with_("diplomat"), ["king", "bishop", "merchant", "architect", "diplomat"],
                   ("assassin", "thief"), "magician")
    from citadels.abilities.cities import graveyard_owner
    from citadels.recorder import Recorder

    table.set(2, city=["graveyard"], gold=5)
    assert graveyard_owner(Recorder(table.state, table.rng), 4) is None
    plain = table5(BASE9, ["king", "bishop", "merchant", "architect", "warlord"], ("assassin", "thief"), "magician")
    plain.set(2, city=["graveyard"], gold=5)
    assert graveyard_owner(Recorder(plain.state, plain.rng), 4) == 2


def test_artists_adornment_counts_for_the_diplomats_difference() -> None:
    table = diplomat_table()
    table.set(4, gold=2, city=["temple"])
    table.set(2, gold=0, city=["church"])
    table.state = with_player(table.state, table.state.players[2]._replace(
        city=tuple(b._replace(adorned=True) for b in table.state.players[2].city)))
    table.do("exchange", own="temple", seat=2, their="church")
    assert table.gold(4) == 0 and table.gold(2) == 2  # the Church 2 + 1 adorned, less the Temple's 1


def test_diplomat_takes_and_gives_the_plain_copy_of_a_quarry_district_first() -> None:
    from citadels.state import Built

    table = diplomat_table()
    table.set(4, gold=2)
    table.state = with_player(table.state, table.state.players[4]._replace(
        city=(Built("quarry", 0), Built("temple", 0, True), Built("temple", 0))))
    table.state = with_player(table.state, table.state.players[2]._replace(
        gold=0, city=(Built("church", 0, True), Built("quarry", 0), Built("church", 0))))
    events = table.do("exchange", own="temple", seat=2, their="church")
    assert of_type(events, "districts_exchanged")[0].public == {
        "seat": 4, "own": "temple", "target": 2, "their": "church", "paid": 1, "own_copy": 1, "their_copy": 1}
    assert [(b.district, b.adorned) for b in table.state.players[4].city] == [
        ("quarry", False), ("temple", True), ("church", False)]
    assert [(b.district, b.adorned) for b in table.state.players[2].city] == [
        ("church", True), ("quarry", False), ("temple", False)]
    assert table.gold(4) == 1 and table.gold(2) == 1


# --- the Artist and the Queen -------------------------------------------------------------------------------

def artist_table() -> Table:
    table = table5(BASE9, ["king", "bishop", "merchant", "architect", "artist"], ("assassin", "thief"), "magician")
    for _ in range(4):
        table.end()
    assert table.state.turn.character == "artist"
    return table


def test_artist_adorns_one_or_two_districts_each_once_worth_one_more_everywhere() -> None:
    table = artist_table()
    table.set(4, gold=3, city=["temple", "castle", "manor"])
    table.do("adorn", district="temple")
    assert table.refuse("adorn", district="temple") == "adorned"
    table.do("adorn", district="castle")
    assert table.refuse("adorn", district="manor") == "ability_used"
    assert table.gold(4) == 1
    assert table.view(None)["players"][4]["adorned"] == ["temple", "castle"]
    from citadels.abilities.cities import destroy_cost
    from citadels.scoring import score

    player = table.state.players[4]
    assert destroy_cost(player, "castle") == 4 and destroy_cost(player, "temple") == 1
    assert score(table.state, player)["districts"] == 1 + 4 + 3 + 2


@pytest.mark.parametrize(("crown", "gold"), [(0, 3), (3, 3), (2, 0)])
def test_queen_takes_three_gold_next_to_the_crown(crown: int, gold: int) -> None:
    table = table5(with_("queen"), ["king", "bishop", "merchant", "architect", "queen"], ("assassin", "thief"),
                   "magician")
    for _ in range(4):
        table.end()
    table.state = replace(table.state, crown=crown)
    # replay the Queen's call with the crown where the test puts it
    from citadels.flow import call_next
    from citadels.recorder import Recorder

    table.state = replace(table.state, turn=None, called_rank=8)
    rec = Recorder(table.state, table.rng)
    call_next(rec)
    bonus = [e.public["amount"] for e in of_type(rec.events, "bonus_gold") if e.public["reason"] == "queen"]
    assert sum(bonus) == gold


def test_queen_is_refused_below_five_players() -> None:
    with pytest.raises(IllegalCommand) as error:
        RULES.setup({"characters": with_("queen")}, 4, __import__("random").Random(0))
    assert error.value.code == "bad_options" and "Queen" in error.value.message
