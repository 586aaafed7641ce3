"""The 15 purple districts of "Die dunklen Lande" (seed 000), and the designs for play over days (Ball Room,
Lighthouse, Bell Tower) written in docs/rulings.md."""

from __future__ import annotations

from dataclasses import replace

import pytest

from citadels import RULES
from citadels.abilities.cities import destroy_cost
from citadels.scoring import score
from citadels.state import OVER, Built

from .scenario import Table, drafted, of_type, order, with_player

FACE_UP = ("magician", "architect")


def warlord_table() -> Table:
    """4 players: seat 0 King, 1 Thief, 2 Merchant, 3 Warlord; it is the Warlord's turn."""
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    for _ in range(3):
        table.end()
    assert table.state.turn.character == "warlord"
    return table


def king_table() -> Table:
    """4 players: seat 0 is the King (and holds the crown) and plays first."""
    table = drafted(["king", "bishop", "merchant", "warlord"], ("thief", "magician"), "assassin")
    assert table.state.turn.character == "king" and table.seat == 0
    return table


def test_great_wall_makes_every_district_of_its_city_dearer_for_the_warlord() -> None:
    table = warlord_table()
    table.set(3, gold=10)
    table.set(1, city=["great_wall", "watchtower", "castle"])
    victim = table.state.players[1]
    assert [destroy_cost(victim, d) for d in ("great_wall", "watchtower", "castle")] == [6, 1, 4]
    table.do("destroy", seat=1, district="watchtower")
    assert table.gold(3) == 9


def test_quarry_allows_identical_districts_each_cheaper_by_those_already_built() -> None:
    table = king_table()
    table.income()
    table.set(0, gold=3, hand=["castle"], city=["castle", "temple"])
    assert table.refuse("build", district="castle") == "duplicate_district"
    table.set(0, city=["castle", "quarry"])
    assert {"type": "build", "district": "castle"} in table.legal()
    table.do("build", district="castle")
    assert table.city(0) == ["castle", "quarry", "castle"] and table.gold(0) == 0


# --- a Quarry's copies and the Artist's coins (docs/rulings.md) ---------------------------------------------

def adorned_city(table: Table, seat: int, city: list[tuple[str, bool]]) -> None:
    """Rewrite a city with each district adorned or not."""
    player = table.state.players[seat]
    table.state = with_player(table.state, player._replace(city=tuple(Built(d, 0, a) for d, a in city)))


def adornment(table: Table, seat: int) -> list[tuple[str, bool]]:
    return [(b.district, b.adorned) for b in table.state.players[seat].city]


def artist_table() -> Table:
    """5 players, seat 4 the Artist, whose turn it is."""
    characters = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "artist"]
    table = drafted(["king", "bishop", "merchant", "architect", "artist"], ("assassin", "thief"), "magician",
                    players=5, characters=characters)
    for _ in range(4):
        table.end()
    assert table.state.turn.character == "artist"
    return table


def test_artist_adorns_one_copy_of_a_quarry_district_per_coin() -> None:
    """Seed 000: "je 1 Goldstück auf die Karte": one coin adorns one card, each card at most once."""
    table = artist_table()
    table.set(4, gold=3, city=["quarry", "tavern", "tavern"])
    events = table.do("adorn", district="tavern")
    assert adornment(table, 4) == [("quarry", False), ("tavern", True), ("tavern", False)]
    assert of_type(events, "district_adorned")[0].public == {"seat": 4, "district": "tavern", "copy": 0}
    assert table.view(None)["players"][4]["adorned_at"] == [1]  # the table marks that copy only
    assert {"type": "adorn", "district": "tavern"} in table.legal()
    table.do("adorn", district="tavern")  # the second coin, on the second copy
    assert adornment(table, 4) == [("quarry", False), ("tavern", True), ("tavern", True)]
    assert table.gold(4) == 1
    assert score(table.state, table.state.players[4])["districts"] == 5 + 1 + 1 + 1 + 1
    assert table.view(None)["players"][4]["adorned"] == ["tavern", "tavern"]
    assert table.view(None)["players"][4]["adorned_at"] == [1, 2]


def test_adornment_without_a_copy_number_keeps_its_old_meaning() -> None:
    """A `district_adorned` event names the copy only when the city holds several; one stored before
    (without it) adorned every copy of the id, and still folds so."""
    table = artist_table()
    table.set(4, gold=3, city=["quarry", "tavern", "tavern", "temple"])
    old = RULES.decode({"type": "district_adorned", "v": 2, "public": {"seat": 4, "district": "tavern"}})
    state = RULES.fold([old], table.state)
    assert [b.adorned for b in state.players[4].city] == [False, True, True, False]
    events = table.do("adorn", district="temple")
    assert of_type(events, "district_adorned")[0].public == {"seat": 4, "district": "temple"}


def test_warlord_destroys_the_plain_copy_first_at_its_price() -> None:
    """Of a Quarry's copies the plain one goes first (docs/rulings.md), and the Warlord pays its price."""
    table = warlord_table()
    table.set(3, gold=3)
    adorned_city(table, 1, [("quarry", False), ("castle", True), ("castle", False)])
    assert destroy_cost(table.state.players[1], "castle") == 3
    assert [c for c in table.legal() if c["type"] == "destroy" and c["district"] == "castle"] == [
        {"type": "destroy", "seat": 1, "district": "castle"}]
    events = table.do("destroy", seat=1, district="castle")
    assert of_type(events, "district_destroyed")[0].public == {
        "seat": 3, "target": 1, "district": "castle", "cost": 3, "copy": 1}
    assert adornment(table, 1) == [("quarry", False), ("castle", True)] and table.gold(3) == 0


def test_the_adorned_copy_goes_once_no_plain_one_is_left() -> None:
    table = warlord_table()
    table.set(3, gold=4)
    adorned_city(table, 1, [("castle", True), ("quarry", False), ("castle", True)])
    assert destroy_cost(table.state.players[1], "castle") == 4
    events = table.do("destroy", seat=1, district="castle")
    assert of_type(events, "district_destroyed")[0].public["copy"] == 0
    assert adornment(table, 1) == [("quarry", False), ("castle", True)] and table.gold(3) == 0


def test_a_destroyed_district_without_a_copy_number_is_the_first_copy_as_before() -> None:
    table = warlord_table()
    adorned_city(table, 1, [("quarry", False), ("castle", True), ("castle", False)])
    old = RULES.decode({"type": "district_destroyed", "v": 2,
                        "public": {"seat": 3, "target": 1, "district": "castle", "cost": 3}})
    state = RULES.fold([old], table.state)
    assert [(b.district, b.adorned) for b in state.players[1].city] == [("quarry", False), ("castle", False)]


def test_armory_blows_up_the_plain_copy_first() -> None:
    table = king_table()
    table.set(0, city=["armory"])
    adorned_city(table, 2, [("quarry", False), ("tavern", True), ("tavern", False)])
    events = table.do("use_armory", seat=2, district="tavern")
    assert of_type(events, "armory_used")[0].public == {"seat": 0, "target": 2, "district": "tavern", "copy": 1}
    assert adornment(table, 2) == [("quarry", False), ("tavern", True)]


def test_end_of_game_extras_wishing_well_treasury_map_room_museum() -> None:
    table = king_table()
    table.set(0, gold=7, hand=["tavern", "temple"], city=["wishing_well", "keep", "library", "castle"])
    assert score(table.state, table.state.players[0])["extras"] == 2
    table.set(0, city=["imperial_treasury", "map_room"])
    assert score(table.state, table.state.players[0])["extras"] == 7 + 2
    player = table.state.players[0]._replace(city=table.state.players[0].city[:1], museum=("manor", "palace"))
    table.state = with_player(table.state, player._replace(city=player.city + (player.city[0]._replace(district="museum"),)))
    assert score(table.state, table.state.players[0])["extras"] == 7 + 2


def test_hospital_lets_a_killed_player_take_his_income_and_nothing_else() -> None:
    table = drafted(["assassin", "thief", "merchant", "warlord"], FACE_UP, "bishop")
    table.set(2, city=["hospital", "market"], gold=0)
    table.do("kill", character="merchant")
    table.end()
    table.end()
    assert table.seat == 2 and table.state.turn.income_only and table.state.turn.character == "merchant"
    assert of_type(table.events, "hospital_turn")[0].public == {"seat": 2, "character": "merchant"}
    assert [c["type"] for c in table.legal()] == ["take_gold", "draw_cards"]
    assert table.refuse("collect_income") == "income_only"
    events = table.do("take_gold")
    assert table.gold(2) == 2  # no Merchant's gold, no green income
    assert "turn_ended" in table.types(events) and table.state.turn.character == "warlord"
    assert table.view(None)["players"][2]["characters"] == []  # still killed: it did not reveal


def test_poor_house_gives_one_gold_to_a_player_left_without() -> None:
    table = king_table()
    table.set(0, gold=3, hand=["palace"], city=["poor_house"])
    table.income()
    table.do("build", district="palace")
    events = table.do("end_turn")
    assert of_type(events, "bonus_gold")[0].public == {"seat": 0, "amount": 1, "reason": "poor_house"}


def test_lighthouse_shows_its_builder_the_deck_alone_and_the_new_order_to_nobody() -> None:
    table = king_table()
    table.set(0, gold=10, hand=["lighthouse"])
    table.set_deck(["palace", "temple", "castle", "temple"])
    table.income()
    assert not of_type(table.do("build", district="lighthouse"), "deck_searched")
    events = table.do("search_deck")
    searched = of_type(events, "deck_searched")[0]
    assert searched.private == {0: {"cards": ["castle", "palace", "temple", "temple"]}}
    for seat in (None, 1, 2, 3):
        assert "cards" not in RULES.redact(searched, seat)
        assert "deck_cards" not in table.view(seat)
    assert table.view(0)["deck_cards"] == ["castle", "palace", "temple", "temple"]
    assert table.refuse("end_turn") == "decide_first"
    assert table.refuse("keep_from_deck", district="manor") == "not_in_deck"
    kept = table.do("keep_from_deck", district="palace")
    assert "palace" in table.hand(0) and sorted(table.state.deck) == ["castle", "temple", "temple"]
    assert kept[0].secret["deck"] == list(table.state.deck)
    for seat in (None, 0, 1):
        assert "deck" not in RULES.redact(kept[0], seat)
    assert "deck_cards" not in table.view(0)


def test_lighthouse_built_on_an_empty_deck_searches_nothing() -> None:
    table = king_table()
    table.set(0, gold=10, hand=["lighthouse"])
    table.set_deck([], ["temple"])
    table.income()
    assert not of_type(table.do("build", district="lighthouse"), "deck_searched")
    assert not table.state.turn.may_search and {"type": "search_deck"} not in table.legal()


def test_lighthouse_search_is_offered_and_may_be_declined_unseen_and_unshuffled() -> None:
    """Seed 000, Leuchtturm: "Der Spieler, der den Leuchtturm auslegt, darf sofort den Kartenstapel
    durchsuchen und eine Karte behalten. Danach wird der Kartenstapel gemischt." "darf": he may. Built, the
    Lighthouse asks first; declined, the deck is not looked at (nothing revealed) and not shuffled."""
    table = king_table()
    table.set(0, gold=10, hand=["lighthouse", "temple"])
    table.set_deck(["palace", "temple", "castle", "manor"])
    table.income()
    table.do("build", district="lighthouse")
    assert table.legal() == [{"type": "search_deck"}, {"type": "decline_search"}]
    assert table.view(None)["turn"]["may_search"] and "deck_cards" not in table.view(0)
    assert table.refuse("end_turn") == "decide_first"
    assert table.refuse("keep_from_deck", district="palace") == "decide_first"
    rng_state = table.rng.getstate()
    events = table.do("decline_search")
    assert table.types(events) == ["deck_search_declined"] and events[0].private == {} and not events[0].secret
    assert table.state.deck == ("palace", "temple", "castle", "manor") and table.rng.getstate() == rng_state
    assert "deck_cards" not in table.view(0) and not table.state.turn.may_search
    assert table.refuse("search_deck") == "not_now" and table.refuse("decline_search") == "not_now"
    assert {"type": "end_turn"} in table.legal()
    table.do("end_turn")


def test_wizard_building_the_lighthouse_may_search_the_deck_too() -> None:
    from .test_dark_characters import wizard_table

    table = wizard_table()
    table.set(0, gold=10)
    table.set(2, hand=["lighthouse"])
    table.do("look_at_hand", seat=2)
    table.do("take_card", district="lighthouse", build=True)
    assert table.legal() == [{"type": "search_deck"}, {"type": "decline_search"}]
    assert of_type(table.do("search_deck"), "deck_searched")


def test_park_draws_two_cards_for_an_empty_hand_at_the_end_of_the_turn() -> None:
    table = king_table()
    table.set(0, gold=10, hand=["castle"], city=["park"])
    table.income()
    table.do("build", district="castle")
    events = table.do("end_turn")
    assert of_type(events, "cards_drawn")[0].public["reason"] == "park" and len(table.hand(0)) == 2


def test_armory_blows_itself_up_with_a_district_of_another_even_complete_city() -> None:
    table = king_table()
    full = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral", "tavern"]
    table.set(0, city=["armory", "market"])
    table.set(2, city=full)
    table.state = with_player(table.state, table.state.players[2]._replace(museum=()))
    assert table.refuse("use_armory", seat=0, district="market") == "bad_target"
    table.do("use_armory", seat=2, district="palace")
    assert table.city(0) == ["market"] and "palace" not in table.city(2)
    assert table.state.discard[-2:] == ("armory", "palace")
    assert not [c for c in table.legal() if c["type"] == "use_armory"]


def test_museum_cards_are_the_owners_secret_and_leave_with_the_museum() -> None:
    table = king_table()
    table.set(0, hand=["castle", "temple"], city=["museum"])
    events = table.do("use_museum", district="castle")
    assert events[0].private == {0: {"district": "castle"}}
    assert "district" not in RULES.redact(events[0], 1)
    assert table.refuse("use_museum", district="temple") == "power_used"
    assert table.view(0)["museum"] == ["castle"] and "museum" not in table.view(1)
    assert table.view(1)["players"][0]["museum_size"] == 1
    table.end()
    table.end()  # the Bishop
    table.end()  # the Merchant
    table.set(3, gold=10)
    table.do("destroy", seat=0, district="museum")
    assert table.state.discard[-2:] == ("museum", "castle") and table.state.players[0].museum == ()


def test_ball_room_every_other_player_must_thank_first_or_lose_the_whole_turn() -> None:
    table = king_table()
    table.set(0, city=["ball_room"])
    table.end()  # the King, who holds the crown
    assert table.state.turn.character == "bishop" and table.state.turn.must_thank
    assert table.legal()[0] == {"type": "thank_your_excellency"}
    gold = table.gold(1)
    events = table.do("take_gold")
    assert of_type(events, "turn_lost")[0].public == {
        "seat": 1, "character": "bishop", "reason": "no_thanks", "command": "take_gold"}
    assert table.gold(1) == gold and table.state.turn.character == "merchant"
    merchant_gold = table.gold(2)
    assert not of_type(table.events[-2:], "bonus_gold")  # the Merchant's gold waits for the thanks
    table.do("thank_your_excellency")
    assert table.gold(2) == merchant_gold + 1
    assert table.refuse("thank_your_excellency") == "no_thanks_due"
    table.end()


@pytest.mark.parametrize(("command", "code"), [
    ({"type": "use_laboratory", "district": "unicorn"}, "not_in_hand"),  # a district that does not exist
    ({"type": "use_laboratory"}, "malformed"),  # no district named
    ({"type": "use_laboratory", "district": 7}, "malformed"),
    ({"type": "build", "district": "palace"}, "income_first"),
    ({"type": "keep_card", "district": "temple"}, "nothing_drawn"),
    ({"type": "end_turn"}, "income_first"),
    ({"type": "take_card", "district": "temple"}, "not_seen"),
    ({"type": "use_smithy"}, "no_such_district"),
    ({"type": "kill", "character": "king"}, "not_your_power"),
])
def test_ball_room_a_command_illegal_in_itself_is_refused_and_the_turn_not_lost(command: dict, code: str) -> None:
    """Seed 000: "muss jeder Mitspieler nachdem er aufgerufen wurde, mit „Danke, Euer Exzellenz“ antworten.
    Vergisst der aufgerufene Spieler dies, so verliert er seinen gesamten Zug." Only a move he could make once
    he has thanked costs the turn; a command refused anyway gets its own error and changes nothing."""
    table = king_table()
    table.set(0, city=["ball_room"])
    table.set(1, hand=["palace"], city=["laboratory"])
    table.end()  # the King, who holds the crown
    before = table.state
    assert table.state.turn.must_thank and table.state.turn.character == "bishop"
    assert table.refuse(command) == code
    assert table.state is before
    events = table.do("thank_your_excellency")  # the thanks are still owed and still save the turn
    assert not of_type(events, "turn_lost") and table.state.turn.character == "bishop"


def test_ball_room_a_legal_move_without_thanks_loses_the_turn_and_draws_nothing() -> None:
    """The refusal check tries the command on a copy of the random source: a lost turn's draw is not made."""
    table = king_table()
    table.set(0, city=["ball_room"])
    table.end()
    deck, rng_state = table.state.deck, table.rng.getstate()
    events = table.do("draw_cards")
    assert of_type(events, "turn_lost") and not of_type(events, "cards_drawn")
    assert table.state.deck == deck and table.rng.getstate() == rng_state


def test_ball_room_owner_need_not_thank_and_the_bot_always_thanks() -> None:
    from citadels.bots import heuristic_bot

    table = king_table()
    table.set(0, city=["ball_room"])
    assert not table.state.turn.must_thank
    table.end()
    assert heuristic_bot(table.state, 1, table.rng) == {"type": "thank_your_excellency"}


def test_factory_makes_other_purples_one_cheaper_but_not_for_the_warlord() -> None:
    table = king_table()
    table.income()
    table.set(0, gold=4, hand=["laboratory"], city=["factory"])
    table.do("build", district="laboratory")
    assert table.gold(0) == 0
    assert destroy_cost(table.state.players[0], "laboratory") == 4
    assert score(table.state, table.state.players[0])["districts"] == 6 + 5


def test_bell_tower_asks_its_builder_at_once_and_seven_districts_end_the_game() -> None:
    table = king_table()
    table.income()
    table.set(0, gold=10, hand=["bell_tower"], city=["manor", "castle", "palace", "temple", "church", "tavern"])
    table.do("build", district="bell_tower")
    assert table.legal() == [{"type": "set_bell_tower", "districts": 7}, {"type": "set_bell_tower", "districts": 8}]
    assert table.refuse("end_turn") == "decide_first"
    table.do("set_bell_tower", districts=7)
    assert table.state.complete_at == 7 and table.state.first_complete == 0
    table.do("end_turn")
    table.finish_round()
    assert table.state.phase == OVER and table.view()["scores"][0]["complete"] == 4


def test_destroyed_bell_tower_sets_the_end_back_to_eight_unless_it_was_triggered() -> None:
    table = warlord_table()
    table.state = replace(table.state, complete_at=7)
    table.set(0, city=["bell_tower", "manor"])
    table.set(3, gold=10)
    table.do("destroy", seat=0, district="bell_tower")
    assert table.state.complete_at == 8
    table = warlord_table()
    table.state = replace(table.state, complete_at=7, first_complete=1)
    table.set(0, city=["bell_tower", "manor"])
    table.set(3, gold=10)
    table.do("destroy", seat=0, district="bell_tower")
    assert table.state.complete_at == 7


def test_throne_room_pays_when_the_crown_changes_hands() -> None:
    table = Table(4, order(*FACE_UP, "assassin"))
    table.set(3, city=["throne_room"], gold=0)
    table.draft("bishop", "king", "merchant", "warlord")  # the King at seat 1 takes the crown from seat 0
    assert table.state.crown == 1 and table.gold(3) == 1
    table = king_table()  # the King already holds it: no change, no gold
    table.set(3, city=["throne_room"], gold=0)
    table.end()
    assert table.gold(3) == 0
