"""Each character's power and its special cases (2012 rulebook "Die 8 Charakterkarten", 2000 rulebook,
the reference's rulings)."""

from __future__ import annotations

from citadels import RULES
from citadels.state import DRAFT

from .scenario import drafted, of_type

# Seat 0 holds the crown and chooses first; with 4 players two characters lie face up and one face down.
FACE_UP = ("magician", "architect")


def revealed(table) -> list[str]:
    return [e.public["character"] for e in of_type(table.events, "character_revealed")]


# --- Assassin ---------------------------------------------------------------------------------------------


def test_killed_character_does_not_reveal_and_loses_its_turn() -> None:
    table = drafted(["assassin", "thief", "merchant", "warlord"], FACE_UP, "bishop")
    table.do("kill", character="merchant")
    assert table.view()["killed"] == "merchant"
    table.end()  # the Assassin
    table.end()  # the Thief
    assert table.state.turn.character == "warlord" and table.seat == 3
    assert "merchant" not in revealed(table)
    assert table.view()["players"][2]["characters"] == []
    assert table.gold(2) == 2  # no Merchant's gold, no income
    table.end()
    assert table.state.round == 2 and table.gold(2) == 2


def test_killed_player_in_a_two_player_game_still_plays_his_other_character() -> None:
    table = drafted(["assassin", "king", "bishop", "thief", "merchant", "warlord"], players=2)
    # seat 0: assassin, thief; seat 1: king, warlord
    table.do("kill", character="king")
    table.end()
    assert table.seat == 0 and table.state.turn.character == "thief"
    table.end()
    assert table.seat == 1 and table.state.turn.character == "warlord"
    assert "king" not in revealed(table)


def test_assassin_may_not_kill_himself_nor_a_face_up_character() -> None:
    table = drafted(["assassin", "thief", "merchant", "warlord"], FACE_UP, "bishop")
    assert table.refuse("kill", character="assassin") == "bad_target"
    assert table.refuse("kill", character="magician") == "bad_target"
    assert table.refuse("kill", character="queen") == "unknown_character"
    assert table.refuse("kill") == "malformed"
    assert sorted(c["character"] for c in table.legal() if c["type"] == "kill") == [
        "bishop", "king", "merchant", "thief", "warlord"]


def test_assassin_kills_once_and_may_kill_before_taking_income() -> None:
    table = drafted(["assassin", "thief", "merchant", "warlord"], FACE_UP, "bishop")
    events = table.do("kill", character="warlord")
    assert table.types(events) == ["character_killed"]
    assert not table.state.turn.income_taken
    assert table.refuse("kill", character="merchant") == "ability_used"
    assert not [c for c in table.legal() if c["type"] == "kill"]


def test_killing_a_character_nobody_holds_changes_nothing() -> None:
    table = drafted(["assassin", "thief", "merchant", "warlord"], FACE_UP, "bishop")
    table.do("kill", character="bishop")  # face down
    table.end()
    assert revealed(table) == ["assassin", "thief"]
    table.end()
    table.end()
    assert revealed(table) == ["assassin", "thief", "merchant", "warlord"]


def test_only_the_character_may_use_its_power() -> None:
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    assert table.state.turn.character == "thief"
    assert table.refuse("kill", character="king") == "not_your_power"
    assert table.refuse("swap_hands", seat=0) == "not_your_power"
    assert table.refuse("destroy", seat=0, district="tavern") == "not_your_power"
    assert table.refuse("kill", by=0, character="king") == "not_your_turn"


# --- Thief ------------------------------------------------------------------------------------------------


def test_thief_takes_the_gold_at_the_start_of_the_robbed_turn_and_the_victim_keeps_what_he_earns() -> None:
    table = drafted(["thief", "king", "merchant", "warlord"], FACE_UP, "assassin")
    table.set(2, gold=5)
    table.do("rob", character="merchant")
    assert table.gold(0) == 2 and table.gold(2) == 5  # nothing moves before the Merchant reveals
    table.end()  # the thief: +2 -> 4
    events = table.end()  # the king ends, the merchant reveals
    kinds = table.types(events)
    assert kinds[kinds.index("character_revealed"):] == ["character_revealed", "gold_stolen", "bonus_gold"]
    stolen = of_type(events, "gold_stolen")[0].public
    assert stolen == {"seat": 0, "victim": 2, "amount": 5}
    assert table.gold(0) == 4 + 5
    assert table.gold(2) == 1  # the Merchant's +1 comes after the theft: he keeps it
    table.income()
    assert table.gold(2) == 3


def test_thief_may_not_rob_the_assassin_himself_or_the_killed_character() -> None:
    table = drafted(["assassin", "thief", "merchant", "warlord"], FACE_UP, "bishop")
    table.do("kill", character="merchant")
    table.end()
    assert table.refuse("rob", character="assassin") == "bad_target"
    assert table.refuse("rob", character="thief") == "bad_target"
    assert table.refuse("rob", character="merchant") == "bad_target"
    assert table.refuse("rob", character="architect") == "bad_target"  # face up
    assert sorted(c["character"] for c in table.legal() if c["type"] == "rob") == ["bishop", "king", "warlord"]


def test_thief_gets_nothing_if_nobody_plays_the_robbed_character() -> None:
    table = drafted(["thief", "king", "merchant", "warlord"], FACE_UP, "assassin")
    table.do("rob", character="bishop")  # face down
    table.finish_round()
    assert not of_type(table.events, "gold_stolen")
    assert table.gold(0) == 4  # only his own income


def test_robbed_player_with_no_gold_gives_nothing() -> None:
    table = drafted(["thief", "king", "merchant", "warlord"], FACE_UP, "assassin")
    table.set(1, gold=0)
    table.do("rob", character="king")
    table.end()
    assert of_type(table.events, "gold_stolen")[-1].public["amount"] == 0
    assert table.gold(0) == 4 and table.gold(1) == 0


def test_robbed_king_still_takes_the_crown() -> None:
    table = drafted(["thief", "king", "merchant", "warlord"], FACE_UP, "assassin")
    table.do("rob", character="king")
    table.end()
    assert table.view()["crown"] == 1 and table.gold(1) == 0 and table.gold(0) == 6


# --- Magician ---------------------------------------------------------------------------------------------

MAGICIAN_UP = ("bishop", "architect")


def test_magician_swaps_his_whole_hand_with_another_player_of_any_size() -> None:
    table = drafted(["king", "magician", "merchant", "warlord"], MAGICIAN_UP, "assassin")
    table.set(1, hand=["castle", "palace"])
    table.set(3, hand=["tavern", "temple", "market", "prison", "docks"])
    events = table.do("swap_hands", seat=3)
    assert table.hand(1) == ["tavern", "temple", "market", "prison", "docks"]
    assert table.hand(3) == ["castle", "palace"]
    swap = of_type(events, "hands_swapped")[0]
    assert "castle" not in str(RULES.redact(swap, 0)) and "tavern" not in str(RULES.redact(swap, None))
    assert table.view(0)["players"][1]["hand_size"] == 5
    assert table.refuse("redraw", districts=["tavern"]) == "ability_used"


def test_magician_may_not_swap_with_himself() -> None:
    table = drafted(["king", "magician", "merchant", "warlord"], MAGICIAN_UP, "assassin")
    assert table.refuse("swap_hands", seat=1) == "bad_target"
    assert table.refuse("swap_hands", seat=4) == "no_such_seat"
    assert sorted(c["seat"] for c in table.legal() if c["type"] == "swap_hands") == [0, 2, 3]


def test_magician_swaps_with_a_player_whose_hand_is_empty() -> None:
    table = drafted(["king", "magician", "merchant", "warlord"], MAGICIAN_UP, "assassin")
    table.set(1, hand=["castle"])
    table.set(2, hand=[])
    table.do("swap_hands", seat=2)
    assert table.hand(1) == [] and table.hand(2) == ["castle"]


def test_magician_redraws_discarding_to_the_open_pile_and_drawing_as_many() -> None:
    table = drafted(["king", "magician", "merchant", "warlord"], MAGICIAN_UP, "assassin",
                    deck=["manor", "castle", "church", "docks"])
    table.set(1, hand=["tavern", "temple", "market"])
    events = table.do("redraw", districts=["tavern", "market"])
    assert table.types(events) == ["cards_discarded", "cards_drawn"]
    assert table.hand(1) == ["temple", "manor", "castle"]
    assert list(table.state.discard) == ["tavern", "market"]
    assert table.view()["discard"] == ["tavern", "market"]  # open pile
    assert list(table.state.deck) == ["church", "docks"]
    assert table.refuse("swap_hands", seat=0) == "ability_used"


def test_magician_redraw_only_cards_he_holds() -> None:
    table = drafted(["king", "magician", "merchant", "warlord"], MAGICIAN_UP, "assassin")
    table.set(1, hand=["tavern", "temple"])
    assert table.refuse("redraw", districts=["castle"]) == "not_in_hand"
    assert table.refuse("redraw", districts=["tavern", "tavern"]) == "not_in_hand"
    assert table.refuse("redraw", districts=[]) == "malformed"
    redraws = [c["districts"] for c in table.legal() if c["type"] == "redraw"]
    assert ["tavern"] in redraws and ["temple"] in redraws and ["tavern", "temple"] in redraws


def test_magician_with_an_empty_hand_can_only_swap() -> None:
    table = drafted(["king", "magician", "merchant", "warlord"], MAGICIAN_UP, "assassin")
    table.set(1, hand=[])
    kinds = {c["type"] for c in table.legal()}
    assert "swap_hands" in kinds and "redraw" not in kinds


# --- King -------------------------------------------------------------------------------------------------


def test_crown_passes_to_the_king_as_he_reveals() -> None:
    table = drafted(["thief", "merchant", "king", "warlord"], FACE_UP, "assassin")
    table.end()  # the thief
    assert table.seat == 2 and table.state.turn.character == "king"
    assert table.view()["crown"] == 2
    passed = of_type(table.events, "crown_passed")
    assert [e.public for e in passed] == [{"seat": 2, "reason": "king"}]
    table.finish_round()
    assert table.state.phase == DRAFT and table.seat == 2  # the King chooses first in the next round


def test_killed_king_keeps_the_old_crown_until_round_end_then_takes_it() -> None:
    table = drafted(["assassin", "thief", "king", "warlord"], FACE_UP, "bishop")
    table.do("kill", character="king")
    table.end()
    assert table.view()["crown"] == 0
    table.end()  # thief
    assert table.view()["crown"] == 0  # during the round the current King stays in office
    events = table.end()  # warlord: round over
    assert table.state.crown == 2 and table.state.round == 2
    assert {"seat": 2, "reason": "killed_king"} in [e.public for e in of_type(events, "crown_passed")]
    assert table.types(events).index("crown_passed") < table.types(events).index("round_started")
    assert table.seat == 2


def test_king_face_down_the_crown_stays() -> None:
    table = drafted(["thief", "merchant", "king", "warlord"], FACE_UP, "assassin",
                    later=(["magician", "architect", "king", "assassin", "thief", "bishop", "merchant", "warlord"],))
    table.finish_round()
    assert table.state.crown == 2 and table.state.face_down == ("king",)
    table.draft("assassin", "thief", "bishop", "merchant")  # seats 2, 3, 0, 1
    table.finish_round()
    assert table.state.crown == 2 and table.state.round == 3
    assert not [e for e in of_type(table.events, "crown_passed") if e.public["seat"] != 2]


def test_king_not_chosen_the_crown_stays() -> None:
    table = drafted(["thief", "merchant", "bishop", "warlord"], FACE_UP, "assassin")  # king left over
    assert "king" in table.state.face_down
    table.finish_round()
    assert table.state.crown == 0 and not of_type(table.events, "crown_passed")


def test_king_collects_one_gold_per_yellow_district() -> None:
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    table.end()  # the thief (seat 1)
    table.set(0, gold=0, city=["manor", "castle", "palace", "temple", "tavern"])
    table.do("collect_income")
    assert table.gold(0) == 3
    assert table.refuse("collect_income") == "income_collected"


# --- Bishop -----------------------------------------------------------------------------------------------


def test_warlord_cannot_destroy_the_bishops_districts() -> None:
    table = drafted(["king", "bishop", "merchant", "warlord"], FACE_UP, "assassin")
    table.end()
    table.end()
    table.end()
    table.set(1, city=["temple", "castle"])
    table.set(2, city=["tavern"])
    assert table.state.turn.character == "warlord"
    assert table.refuse("destroy", seat=1, district="temple") == "bishop"
    destroyable = [(c["seat"], c["district"]) for c in table.legal() if c["type"] == "destroy"]
    assert destroyable == [(2, "tavern")]


def test_warlord_may_destroy_a_killed_bishops_districts() -> None:
    table = drafted(["assassin", "bishop", "merchant", "warlord"], FACE_UP, "king")
    table.do("kill", character="bishop")
    table.end()
    table.end()
    table.set(1, city=["temple", "castle"])
    table.set(3, gold=3)
    assert table.state.turn.character == "warlord"
    table.do("destroy", seat=1, district="castle")
    assert table.city(1) == ["temple"]


def test_bishop_collects_one_gold_per_blue_district() -> None:
    table = drafted(["king", "bishop", "merchant", "warlord"], FACE_UP, "assassin")
    table.end()
    table.set(1, gold=0, city=["temple", "church", "manor"])
    table.do("collect_income")
    assert table.gold(1) == 2


# --- Merchant ---------------------------------------------------------------------------------------------


def test_merchant_takes_one_gold_as_he_reveals_and_one_per_green_district() -> None:
    table = drafted(["merchant", "king", "thief", "warlord"], FACE_UP, "assassin")
    table.end()  # thief (seat 2)
    table.end()  # king (seat 1)
    assert table.state.turn.character == "merchant"
    assert table.gold(0) == 3
    table.set(0, city=["tavern", "market", "docks", "manor"])
    table.do("collect_income")
    assert table.gold(0) == 6
    table.income()
    assert table.gold(0) == 8


# --- Architect --------------------------------------------------------------------------------------------


def test_architect_draws_two_cards_as_he_reveals() -> None:
    table = drafted(["architect", "king", "thief", "warlord"], ("magician", "bishop"), "assassin",
                    deck=["castle", "palace", "church"])
    table.end()  # thief
    events = table.end()  # king
    drawn = of_type(events, "cards_drawn")[0]
    assert drawn.public == {"seat": 0, "count": 2, "reason": "architect"}
    assert table.hand(0)[-2:] == ["castle", "palace"] and len(table.hand(0)) == 6
    assert list(table.state.deck) == ["church"]


def test_architect_builds_up_to_three_districts() -> None:
    table = drafted(["architect", "king", "thief", "warlord"], ("magician", "bishop"), "assassin")
    table.end()
    table.end()
    table.set(0, gold=20, hand=["manor", "castle", "palace", "temple"])
    table.income()
    for district in ["manor", "castle", "palace"]:
        table.do("build", district=district)
    assert table.city(0) == ["manor", "castle", "palace"] and table.gold(0) == 22 - 12
    assert table.refuse("build", district="temple") == "build_limit"
    assert not [c for c in table.legal() if c["type"] == "build"]


def test_other_characters_build_one_district() -> None:
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    table.end()  # the thief
    table.set(0, gold=20, hand=["manor", "temple"])
    table.income()
    table.do("build", district="manor")
    assert table.refuse("build", district="temple") == "build_limit"


# --- Warlord ----------------------------------------------------------------------------------------------


def warlord_table():
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    for _ in range(3):
        table.end()
    assert table.state.turn.character == "warlord" and table.seat == 3
    return table


def test_warlord_pays_cost_minus_one_and_the_district_goes_to_the_discard_pile() -> None:
    table = warlord_table()
    table.set(3, gold=3)
    table.set(1, city=["castle", "temple"])
    events = table.do("destroy", seat=1, district="castle")
    assert of_type(events, "district_destroyed")[0].public == {
        "seat": 3, "target": 1, "district": "castle", "cost": 3}
    assert table.gold(3) == 0 and table.city(1) == ["temple"]
    assert list(table.state.discard) == ["castle"]
    assert table.refuse("destroy", seat=1, district="temple") == "ability_used"


def test_warlord_destroys_a_district_of_cost_one_for_free() -> None:
    table = warlord_table()
    table.set(3, gold=0)
    table.set(0, city=["watchtower"])
    table.do("destroy", seat=0, district="watchtower")
    assert table.gold(3) == 0 and table.city(0) == []


def test_warlord_needs_the_gold() -> None:
    table = warlord_table()
    table.set(3, gold=3)
    table.set(0, city=["palace", "castle"])
    assert table.refuse("destroy", seat=0, district="palace") == "not_enough_gold"
    assert [c["district"] for c in table.legal() if c["type"] == "destroy"] == ["castle"]


def test_warlord_cannot_attack_a_complete_city() -> None:
    table = warlord_table()
    table.set(3, gold=10)
    city = ["manor", "castle", "palace", "temple", "church", "tavern", "market", "prison"]
    table.set(0, city=city)
    table.set(2, city=city[:7])
    assert table.refuse("destroy", seat=0, district="temple") == "city_complete"
    assert not [c for c in table.legal() if c["type"] == "destroy" and c["seat"] == 0]
    table.do("destroy", seat=2, district="temple")  # 7 districts: not complete
    assert len(table.city(2)) == 6


def test_warlord_cannot_destroy_in_his_own_city() -> None:
    table = warlord_table()
    table.set(3, gold=10, city=["temple", "manor"])
    assert table.refuse("destroy", seat=3, district="temple") == "bad_target"
    assert table.refuse("destroy", seat=0, district="temple") == "not_in_city"
    assert not [c for c in table.legal() if c["type"] == "destroy"]


def test_warlord_may_destroy_before_income_and_collects_one_gold_per_red_district() -> None:
    table = warlord_table()
    table.set(3, gold=0, city=["watchtower", "prison", "temple"])
    table.set(0, city=["tavern"])
    table.do("destroy", seat=0, district="tavern")
    table.do("collect_income")
    assert table.gold(3) == 2
    table.income()
    assert table.gold(3) == 4


def test_characters_without_colour_have_no_colour_income() -> None:
    table = drafted(["assassin", "thief", "merchant", "warlord"], FACE_UP, "bishop")
    table.set(0, city=["manor", "temple", "tavern", "prison"])
    assert table.refuse("collect_income") == "no_colour_income"
    assert {"type": "collect_income"} not in table.legal()


def test_nobody_learns_who_held_the_killed_character() -> None:
    table = drafted(["assassin", "thief", "merchant", "warlord"], FACE_UP, "bishop")
    table.do("kill", character="merchant")
    table.finish_round()
    round_one = table.events[: table.types(table.events).index("round_ended")]
    for event in round_one:
        if event.type == "character_killed":
            continue
        for seat in [None, 0, 1, 3]:
            seen = dict(RULES.redact(event, seat))
            if event.type == "game_set_up":  # the game's set of characters is public, the rest is not
                assert "merchant" in seen.pop("characters")
            assert "merchant" not in str(seen), event
    for seat in [None, 0, 1, 3]:
        assert "merchant" not in str(table.view(seat)["players"])


def test_killing_a_king_nobody_holds_leaves_the_crown() -> None:
    table = drafted(["assassin", "thief", "merchant", "warlord"], FACE_UP, "king")
    table.do("kill", character="king")
    table.finish_round()
    assert table.state.crown == 0 and not of_type(table.events, "crown_passed")


def test_thief_may_rob_his_own_other_character_at_two_players() -> None:
    table = drafted(["thief", "king", "bishop", "merchant", "warlord", "architect"], players=2)
    # seat 0: thief, merchant; seat 1: king, architect
    table.do("rob", character="merchant")
    table.end()  # thief: 4 gold
    table.end()  # king
    assert table.state.turn.character == "merchant" and table.gold(0) == 4 + 1
