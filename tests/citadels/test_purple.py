"""The base game's purple districts that act during play (their scoring effects are in test_scoring.py)."""

from __future__ import annotations

import pytest

from .scenario import Table, drafted, of_type

FACE_UP = ("magician", "architect")


def warlord_table() -> Table:
    """4 players: seat 0 King, 1 Thief, 2 Merchant, 3 Warlord; it is the Warlord's turn."""
    table = drafted(["king", "thief", "merchant", "warlord"], FACE_UP, "assassin")
    for _ in range(3):
        table.end()
    assert table.state.turn.character == "warlord" and table.seat == 3
    return table


def king_table(**kwargs) -> Table:
    """4 players: seat 0 is the King and plays first."""
    table = drafted(["king", "bishop", "merchant", "warlord"], ("thief", "magician"), "assassin", **kwargs)
    assert table.state.turn.character == "king" and table.seat == 0
    return table


# --- Keep -------------------------------------------------------------------------------------------------


def test_keep_cannot_be_destroyed_by_the_warlord() -> None:
    table = warlord_table()
    table.set(3, gold=10)
    table.set(0, city=["keep", "manor"])
    assert table.refuse("destroy", seat=0, district="keep") == "keep"
    assert [c["district"] for c in table.legal() if c["type"] == "destroy"] == ["manor"]


# --- Graveyard --------------------------------------------------------------------------------------------


def test_graveyard_owner_decides_in_the_warlords_turn_and_pays_one_gold_for_the_card() -> None:
    table = warlord_table()
    table.set(3, gold=5)
    table.set(0, gold=2, city=["graveyard"])
    table.set(1, city=["castle", "temple"])
    events = table.do("destroy", seat=1, district="castle")
    assert of_type(events, "graveyard_offered")[0].public == {"seat": 0, "district": "castle"}
    assert table.view()["awaiting"] == [0]
    assert table.legal(0) == [{"type": "use_graveyard"}, {"type": "decline_graveyard"}]
    assert table.refuse("end_turn", by=3) == "not_your_turn"
    assert table.refuse("take_gold", by=0) == "not_now"
    table.do("use_graveyard", by=0)
    assert table.gold(0) == 1 and table.hand(0)[-1] == "castle"
    assert "castle" not in table.state.discard
    assert table.view()["awaiting"] == [3] and table.state.turn.character == "warlord"
    assert table.gold(3) == 2


def test_graveyard_owner_may_take_back_his_own_destroyed_district() -> None:
    table = warlord_table()
    table.set(3, gold=5)
    table.set(1, gold=1, city=["graveyard", "castle"])
    table.do("destroy", seat=1, district="castle")
    table.do("use_graveyard", by=1)
    assert table.city(1) == ["graveyard"] and "castle" in table.hand(1) and table.gold(1) == 0


def test_graveyard_declined_leaves_the_card_on_the_discard_pile() -> None:
    table = warlord_table()
    table.set(3, gold=5)
    table.set(0, gold=2, city=["graveyard"])
    table.set(1, city=["castle"])
    table.do("destroy", seat=1, district="castle")
    table.do("decline_graveyard", by=0)
    assert table.gold(0) == 2 and "castle" not in table.hand(0)
    assert list(table.state.discard) == ["castle"]
    assert table.seat == 3


def test_warlords_own_graveyard_does_not_take_his_victims() -> None:
    table = warlord_table()
    table.set(3, gold=5, city=["graveyard"])
    table.set(1, city=["castle"])
    events = table.do("destroy", seat=1, district="castle")
    assert not of_type(events, "graveyard_offered")
    assert table.seat == 3 and list(table.state.discard) == ["castle"]


def test_graveyard_owner_without_gold_is_not_asked() -> None:
    table = warlord_table()
    table.set(3, gold=5)
    table.set(0, gold=0, city=["graveyard"])
    table.set(1, city=["castle"])
    events = table.do("destroy", seat=1, district="castle")
    assert not of_type(events, "graveyard_offered") and table.seat == 3


def test_destroyed_graveyard_cannot_take_itself() -> None:
    table = warlord_table()
    table.set(3, gold=5)
    table.set(0, gold=3, city=["graveyard", "manor"])
    events = table.do("destroy", seat=0, district="graveyard")
    assert not of_type(events, "graveyard_offered") and table.seat == 3


# --- Laboratory ---------------------------------------------------------------------------------------------


def test_laboratory_discards_a_hand_card_for_one_gold_once_a_turn() -> None:
    table = king_table()
    table.set(0, gold=0, hand=["tavern", "manor"], city=["laboratory"])
    assert {"type": "use_laboratory", "district": "tavern"} in table.legal()
    table.do("use_laboratory", district="tavern")
    assert table.gold(0) == 1 and table.hand(0) == ["manor"]
    assert list(table.state.discard) == ["tavern"]
    assert table.refuse("use_laboratory", district="manor") == "power_used"
    assert not [c for c in table.legal() if c["type"] == "use_laboratory"]


def test_laboratory_needs_the_district_and_the_card() -> None:
    table = king_table()
    table.set(0, hand=["tavern"])
    assert table.refuse("use_laboratory", district="tavern") == "no_such_district"
    table.set(0, city=["laboratory"])
    assert table.refuse("use_laboratory", district="castle") == "not_in_hand"


def test_laboratory_works_again_in_the_players_next_turn() -> None:
    """3 players: seat 0 plays the King and the Warlord; the Laboratory serves once in each of his turns."""
    table = drafted(["king", "bishop", "merchant", "warlord", "thief", "magician"], players=3)
    table.set(0, gold=0, hand=["tavern", "manor"], city=["laboratory"])
    while table.state.turn.character != "king":
        table.end()
    table.do("use_laboratory", district="tavern")
    assert table.refuse("use_laboratory", district="manor") == "power_used"
    table.end()
    while table.state.turn.character != "warlord":
        table.end()
    assert table.seat == 0 and table.gold(0) == 3
    table.do("use_laboratory", district="manor")
    assert table.gold(0) == 4 and table.hand(0) == []


# --- Smithy ---------------------------------------------------------------------------------------------


def test_smithy_pays_two_gold_to_draw_three_cards_once_a_turn() -> None:
    table = king_table(deck=["castle", "palace", "church", "docks"])
    table.set(0, gold=4, hand=[], city=["smithy"])
    events = table.do("use_smithy")
    assert of_type(events, "cards_drawn")[0].public["count"] == 3
    assert table.hand(0) == ["castle", "palace", "church"] and table.gold(0) == 2
    assert table.refuse("use_smithy") == "power_used"


def test_smithy_needs_two_gold() -> None:
    table = king_table()
    table.set(0, gold=1, city=["smithy"])
    assert table.refuse("use_smithy") == "not_enough_gold"
    assert {"type": "use_smithy"} not in table.legal()


def test_smithy_with_no_cards_left() -> None:
    table = king_table()
    table.set(0, gold=5, city=["smithy"])
    table.set_deck([], [])
    assert table.refuse("use_smithy") == "deck_empty"


# --- Observatory and Library ----------------------------------------------------------------------------


def test_observatory_draws_three_and_keeps_one() -> None:
    table = king_table(deck=["castle", "palace", "church", "docks"])
    table.set(0, hand=[], city=["observatory"])
    table.do("draw_cards")
    assert table.view(0)["drawn"] == {"cards": ["castle", "palace", "church"], "keep": 1}
    assert [c["district"] for c in table.legal()] == ["castle", "church", "palace"]
    table.do("keep_card", district="palace")
    assert table.hand(0) == ["palace"]
    assert sorted(table.state.discard) == ["castle", "church"]
    assert list(table.state.deck) == ["docks"]


def test_library_keeps_both_drawn_cards() -> None:
    table = king_table(deck=["castle", "palace", "church"])
    table.set(0, hand=[], city=["library"])
    events = table.do("draw_cards")
    assert table.hand(0) == ["castle", "palace"] and not table.state.discard
    assert "drawn" not in table.view(0)
    assert of_type(events, "cards_drawn")[0].public["count"] == 2
    table.do("end_turn")


def test_library_and_observatory_draw_three_keep_two() -> None:
    table = king_table(deck=["castle", "palace", "church", "docks"])
    table.set(0, hand=[], city=["library", "observatory"])
    table.do("draw_cards")
    assert table.view(0)["drawn"] == {"cards": ["castle", "palace", "church"], "keep": 2}
    table.do("keep_card", district="church")
    assert table.refuse("build", district="church") == "choose_card_first"
    table.do("keep_card", district="castle")
    assert sorted(table.hand(0)) == ["castle", "church"] and list(table.state.discard) == ["palace"]
    assert "drawn" not in table.view(0)


def test_library_keeps_all_in_the_2000_edition_without_discarding() -> None:
    table = king_table(deck=["castle", "palace", "church"], edition="2000")
    table.set(0, hand=["tavern"], city=["library"])
    table.do("draw_cards")
    assert table.hand(0) == ["tavern", "castle", "palace"] and not table.state.turn.must_discard
    table.do("end_turn")


# --- School of Magic and Haunted City income ---------------------------------------------------------------


@pytest.mark.parametrize("character, city", [
    ("king", ["manor", "school_of_magic", "temple"]),
    ("bishop", ["temple", "school_of_magic", "manor"]),
    ("merchant", ["tavern", "school_of_magic", "manor"]),
    ("warlord", ["prison", "school_of_magic", "manor"]),
])
def test_school_of_magic_counts_as_the_characters_colour_for_income(character: str, city: list[str]) -> None:
    table = drafted(["king", "bishop", "merchant", "warlord"], ("thief", "magician"), "assassin")
    seat = ["king", "bishop", "merchant", "warlord"].index(character)
    table.set(seat, city=city)
    while table.state.turn.character != character:
        table.end()
    before = table.gold(seat)
    table.do("collect_income")
    assert table.gold(seat) == before + 2


def test_haunted_city_gives_no_colour_income() -> None:
    table = king_table()
    table.set(0, gold=0, city=["haunted_city", "manor"])
    table.do("collect_income")
    assert table.gold(0) == 1


def test_warlord_pays_five_to_destroy_university_or_dragon_gate() -> None:
    table = warlord_table()
    table.set(3, gold=5)
    table.set(0, city=["university", "dragon_gate"])
    table.do("destroy", seat=0, district="dragon_gate")
    assert table.gold(3) == 0 and table.city(0) == ["university"]
