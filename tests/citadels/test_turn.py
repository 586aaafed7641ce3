"""A character's turn: income (gold or cards), building, the duplicate rule, the deck running out, what must
come first, and the editions' readings of the card not kept."""

from __future__ import annotations

import random

import pytest

from citadels import RULES, IllegalCommand
from citadels.state import Built

from .scenario import Table, deck_of, drafted, of_type


def king_table(**kwargs) -> Table:
    """4 players: seat 0 is the King and plays first; seat 1 Bishop, 2 Merchant, 3 Warlord."""
    table = drafted(["king", "bishop", "merchant", "warlord"], ("thief", "magician"), "assassin", **kwargs)
    assert table.state.turn.character == "king" and table.seat == 0
    return table


# --- the opening --------------------------------------------------------------------------------------------


def test_setup_deals_four_cards_and_two_gold_each_and_the_crown_to_seat_zero() -> None:
    hands = [["manor", "castle", "palace", "temple"], ["church", "tavern", "market", "docks"],
             ["harbor", "prison", "keep", "smithy"]]
    table = Table(3, hands=hands, deck=["fortress", "library"])
    for seat in range(3):
        assert table.hand(seat) == hands[seat] and table.gold(seat) == 2
    assert table.view()["crown"] == 0 and table.view()["deck_size"] == 2
    assert table.view(1)["hand"] == hands[1] and "hand" not in table.view(None)
    assert table.view(1)["players"][0]["hand_size"] == 4


def test_shuffled_deck_holds_the_65_base_cards() -> None:
    assert len(deck_of(None)) == 65
    state = RULES.fold(RULES.setup({}, 5, random.Random(3)))
    assert len(state.deck) == 65 - 20 and all(len(p.hand) == 4 for p in state.players)


# --- income -------------------------------------------------------------------------------------------------


def test_take_gold_gives_two_gold_once() -> None:
    table = king_table()
    events = table.income()
    assert of_type(events, "gold_taken")[0].public == {"seat": 0, "amount": 2}
    assert table.gold(0) == 4
    assert table.refuse("take_gold") == "income_taken"
    assert table.refuse("draw_cards") == "income_taken"
    assert not {"take_gold", "draw_cards"} & {c["type"] for c in table.legal()}


def test_draw_two_keep_one_the_other_goes_to_the_discard_pile() -> None:
    table = king_table(deck=["castle", "palace", "church"])
    table.do("draw_cards")
    assert table.view(0)["drawn"] == {"cards": ["castle", "palace"], "keep": 1}
    assert "drawn" not in table.view(1) and "castle" not in str(table.view(1))
    assert table.legal() == [{"type": "keep_card", "district": "castle"}, {"type": "keep_card", "district": "palace"}]
    events = table.do("keep_card", district="palace")
    assert table.hand(0)[-1] == "palace" and "castle" not in table.hand(0)
    assert list(table.state.discard) == ["castle"] and table.view()["discard"] == ["castle"]
    assert RULES.redact(events[0], 1)["rejected"] == ["castle"]  # the discard pile is open
    assert "palace" not in str(RULES.redact(events[0], 1))
    assert list(table.state.deck) == ["church"]


def test_drawn_cards_must_be_chosen_before_anything_else() -> None:
    table = king_table(deck=["castle", "palace"])
    table.set(0, gold=10, hand=["manor"])
    table.do("draw_cards")
    assert table.refuse("build", district="manor") == "choose_card_first"
    assert table.refuse("end_turn") == "choose_card_first"
    assert table.refuse("collect_income") == "choose_card_first"
    assert table.refuse("keep_card", district="church") == "not_drawn"
    table.do("keep_card", district="castle")
    assert table.refuse("keep_card", district="palace") == "nothing_drawn"


# --- building -----------------------------------------------------------------------------------------------


def test_income_comes_before_building_and_ending_the_turn() -> None:
    table = king_table()
    table.set(0, gold=10, hand=["manor"])
    assert table.refuse("build", district="manor") == "income_first"
    assert table.refuse("end_turn") == "income_first"
    kinds = {c["type"] for c in table.legal()}
    assert {"take_gold", "draw_cards", "collect_income"} <= kinds and not {"build", "end_turn"} & kinds


def test_build_pays_the_cost_and_puts_the_district_into_the_city() -> None:
    table = king_table()
    table.set(0, gold=3, hand=["castle", "manor"])
    table.income()
    events = table.do("build", district="castle")
    assert of_type(events, "district_built")[0].public == {"seat": 0, "district": "castle", "cost": 4}
    assert table.gold(0) == 1 and table.hand(0) == ["manor"] and table.city(0) == ["castle"]
    assert table.view(None)["players"][0]["city"] == ["castle"]
    assert table.state.players[0].city == (Built("castle", 1),)


def test_build_needs_the_card_and_the_gold() -> None:
    table = king_table()
    table.set(0, gold=0, hand=["palace", "temple"])
    table.income()
    assert table.refuse("build", district="palace") == "not_enough_gold"
    assert table.refuse("build", district="castle") == "not_in_hand"
    assert table.refuse("build") == "malformed"
    assert [c["district"] for c in table.legal() if c["type"] == "build"] == ["temple"]


def test_no_two_identical_districts_in_one_city() -> None:
    table = king_table()
    table.set(0, gold=10, hand=["tavern", "manor"], city=["tavern"])
    table.income()
    assert table.refuse("build", district="tavern") == "duplicate_district"
    assert [c["district"] for c in table.legal() if c["type"] == "build"] == ["manor"]


def test_architect_may_not_build_two_identical_districts_in_one_turn() -> None:
    table = drafted(["architect", "king", "bishop", "warlord"], ("thief", "magician"), "assassin")
    table.end()  # king
    table.end()  # bishop
    table.set(0, gold=20, hand=["manor", "manor", "castle"])
    table.income()
    table.do("build", district="manor")
    assert table.refuse("build", district="manor") == "duplicate_district"
    table.do("build", district="castle")
    assert table.city(0) == ["manor", "castle"]


def test_end_turn_hands_over_to_the_next_character() -> None:
    table = king_table()
    table.income()
    events = table.do("end_turn")
    assert table.types(events) == ["turn_ended", "character_revealed"]
    assert table.seat == 1 and table.state.turn.character == "bishop"


# --- the deck running out -----------------------------------------------------------------------------------


def test_empty_deck_the_discard_pile_is_shuffled_into_a_new_deck() -> None:
    table = king_table()
    table.set_deck([], ["church", "docks", "harbor"])
    events = table.do("draw_cards")
    assert table.types(events) == ["deck_reshuffled", "cards_drawn"]
    reshuffled = events[0]
    assert sorted(reshuffled.secret["deck"]) == ["church", "docks", "harbor"]
    assert "church" not in str(RULES.redact(reshuffled, 0))  # the new order stays secret
    drawn = table.view(0)["drawn"]["cards"]
    assert drawn == reshuffled.secret["deck"][:2]
    table.do("keep_card", district=drawn[0])
    assert list(table.state.discard) == [drawn[1]]
    assert list(table.state.deck) == reshuffled.secret["deck"][2:]


def test_short_deck_draws_its_last_card_then_the_reshuffled_discard_pile() -> None:
    table = king_table()
    table.set_deck(["castle"], ["church", "docks"])
    events = table.do("draw_cards")
    assert table.types(events) == ["deck_reshuffled", "cards_drawn"]
    assert table.view(0)["drawn"]["cards"][0] == "castle"
    assert not table.state.discard and len(table.state.deck) == 1


def test_deck_and_discard_pile_both_empty_no_card_income() -> None:
    table = king_table()
    table.set_deck([], [])
    assert table.refuse("draw_cards") == "deck_empty"
    assert {"type": "draw_cards"} not in table.legal() and {"type": "take_gold"} in table.legal()


def test_last_card_drawn_is_simply_kept() -> None:
    table = king_table()
    table.set(0, hand=[])
    table.set_deck(["castle"], [])
    table.do("draw_cards")
    assert table.hand(0) == ["castle"] and "drawn" not in table.view(0)
    table.do("end_turn")


def test_architect_draws_fewer_when_the_cards_run_out() -> None:
    table = drafted(["architect", "king", "bishop", "warlord"], ("thief", "magician"), "assassin")
    table.end()  # king
    table.set_deck(["castle"], [])
    table.end()  # bishop: the architect reveals
    drawn = of_type(table.events, "cards_drawn")[-1]
    assert drawn.public["count"] == 1 and table.hand(0)[-1] == "castle"
    assert table.state.turn.character == "architect"


def test_magician_redraw_reshuffles_when_the_deck_is_short() -> None:
    table = drafted(["king", "magician", "merchant", "warlord"], ("bishop", "architect"), "assassin")
    table.set(1, hand=["tavern", "temple"])
    table.set_deck([], ["castle"])
    events = table.do("redraw", districts=["tavern", "temple"])
    assert table.types(events) == ["cards_discarded", "deck_reshuffled", "cards_drawn"]
    # the two cards just discarded lie on the pile that is shuffled into the new deck
    assert len(table.hand(1)) == 2 and set(table.hand(1)) <= {"castle", "tavern", "temple"}
    assert len(table.state.deck) == 1 and not table.state.discard


# --- the card not kept: edition options ------------------------------------------------------------------


def test_rejected_card_goes_under_the_deck_with_that_option() -> None:
    table = king_table(deck=["castle", "palace", "church"], rejected_card="under_deck")
    table.do("draw_cards")
    events = table.do("keep_card", district="palace")
    assert list(table.state.deck) == ["church", "castle"] and not table.state.discard
    assert "castle" not in str(RULES.redact(events[0], 1))  # face down under the deck


def test_2000_edition_both_cards_into_hand_then_discard_any_one_hand_card() -> None:
    table = king_table(deck=["castle", "palace", "church"], edition="2000")
    table.set(0, gold=10, hand=["manor"])
    table.do("draw_cards")
    assert table.hand(0) == ["manor", "castle", "palace"]
    assert table.refuse("build", district="castle") == "discard_first"
    assert table.refuse("end_turn") == "discard_first"
    assert sorted(c["district"] for c in table.legal()) == ["castle", "manor", "palace"]
    assert table.refuse("discard_card", district="church") == "not_in_hand"
    table.do("discard_card", district="manor")  # any hand card, an old one too
    assert table.hand(0) == ["castle", "palace"] and list(table.state.discard) == ["manor"]
    assert table.refuse("discard_card", district="castle") == "nothing_to_discard"
    table.do("build", district="castle")


def test_2000_edition_with_the_observatory_draws_three_and_discards_two() -> None:
    table = king_table(deck=["castle", "palace", "church"], edition="2000")
    table.set(0, hand=[], city=["observatory"])
    table.do("draw_cards")
    assert table.hand(0) == ["castle", "palace", "church"]
    table.do("discard_card", district="castle")
    table.do("discard_card", district="church")
    assert table.hand(0) == ["palace"]
    table.do("end_turn")


def test_2000_edition_last_card_drawn_is_kept_without_discarding() -> None:
    """Draw 2 and discard 1 nets one card; when only one card is left to draw, the player draws it and keeps
    it (as in the 2012 reading): he must not lose a hand card for the card he could not draw."""
    table = king_table(edition="2000")
    table.set(0, hand=["manor"])
    table.set_deck(["castle"], [])
    table.do("draw_cards")
    assert table.hand(0) == ["manor", "castle"]
    assert table.state.turn.must_discard == 0
    table.do("end_turn")


@pytest.mark.parametrize("options", [
    {"edition": "1999"}, {"rejected_card": "burn"}, {"colour": "red"}, {"king_sees_face_down": "yes"},
    {"deck": ["no_such_district"]}, {"character_orders": [["king"]]},
])
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(IllegalCommand) as error:
        RULES.setup(options, 4, random.Random(0))
    assert error.value.code == "bad_options"


@pytest.mark.parametrize("players", [1, 8])
def test_two_to_seven_players(players: int) -> None:
    with pytest.raises(IllegalCommand) as error:
        RULES.setup({}, players, random.Random(0))
    assert error.value.code == "bad_options"


# --- malformed and misplaced commands ------------------------------------------------------------------


def test_malformed_and_unknown_commands() -> None:
    table = king_table()
    assert table.refuse({"no": "type"}) == "malformed"
    assert table.refuse("fly_away") == "unknown_command"
    assert table.refuse("take_gold", by=1) == "not_your_turn"
    assert table.refuse("take_gold", by=9) == "no_such_seat"
    assert table.refuse("choose_character", character="king") == "not_now"
    with pytest.raises(IllegalCommand) as error:  # read before any decision, as the service reads it
        RULES.normalize_command("take_gold")
    assert error.value.code == "malformed"


def test_2000_edition_observatory_with_two_cards_left_discards_one() -> None:
    """Draw 3 and discard 2 nets one card; with only two cards left the player draws 2 and discards 1."""
    table = king_table(edition="2000")
    table.set(0, hand=[], city=["observatory"])
    table.set_deck(["castle", "palace"], [])
    table.do("draw_cards")
    assert table.hand(0) == ["castle", "palace"]
    assert table.state.turn.must_discard == 1
