"""The three worked examples of the rulebooks ("Drei Beispiele verdeutlichen den Einsatz der
Charaktereigenschaften", 2000 and 2012 editions)."""

from __future__ import annotations

from .scenario import Table, drafted

GREEN_CITY = ["tavern", "market", "manor", "temple"]  # two green districts among others


def merchant_at_start_of_turn() -> Table:
    """The Merchant (seat 2) begins his turn with 0 gold, a Docks in hand and two green districts."""
    table = drafted(["king", "bishop", "merchant", "warlord"], ("thief", "magician"), "assassin",
                    deck=["castle", "church", "palace"])
    table.end()  # the King
    table.set(2, gold=0, hand=["docks"], city=GREEN_CITY)
    table.end()  # the Bishop; the Merchant reveals and takes his 1 gold
    assert table.state.turn.character == "merchant" and table.seat == 2
    return table


def test_merchant_example_one_builds_first_then_collects_for_three_green_districts() -> None:
    """1 gold (Merchant) + 2 gold (income); build the Docks for 3; then 3 gold for the 3 green districts."""
    table = merchant_at_start_of_turn()
    assert table.gold(2) == 1
    table.do("take_gold")
    assert table.gold(2) == 3
    table.do("build", district="docks")
    assert table.gold(2) == 0
    table.do("collect_income")
    assert table.gold(2) == 3 and table.hand(2) == []
    assert table.city(2) == GREEN_CITY + ["docks"]
    table.do("end_turn")


def test_merchant_example_two_collects_first_and_draws_a_card() -> None:
    """1 gold (Merchant) + 2 gold (2 green districts) + 1 card (income); build the Docks for 3: no gold left,
    1 card in hand."""
    table = merchant_at_start_of_turn()
    table.do("collect_income")
    assert table.gold(2) == 3
    table.do("draw_cards")
    table.do("keep_card", district="church")
    table.do("build", district="docks")
    assert table.gold(2) == 0 and table.hand(2) == ["church"]
    assert table.refuse("collect_income") == "income_collected"  # the new green district pays no more
    table.do("end_turn")


def test_colour_income_counts_the_districts_at_the_moment_it_is_collected() -> None:
    """Why the order matters: collected before building, the Docks does not count."""
    first, second = merchant_at_start_of_turn(), merchant_at_start_of_turn()
    for table in (first, second):
        table.do("take_gold")
    first.do("collect_income")
    first.do("build", district="docks")
    second.do("build", district="docks")
    second.do("collect_income")
    assert (first.gold(2), second.gold(2)) == (2, 3)


def test_magician_example_builds_his_last_card_then_swaps_his_empty_hand() -> None:
    """The Magician has 2 gold and a Castle: 2 gold income, builds the Castle for 4, then swaps his hand of 0
    cards with a player holding 3: he ends with 3 cards, the other with none."""
    table = drafted(["king", "magician", "merchant", "warlord"], ("bishop", "architect"), "assassin")
    table.set(1, gold=2, hand=["castle"])
    table.set(3, hand=["temple", "tavern", "harbor"])
    assert table.state.turn.character == "magician" and table.seat == 1
    table.do("take_gold")
    table.do("build", district="castle")
    assert table.gold(1) == 0 and table.hand(1) == []
    table.do("swap_hands", seat=3)
    assert table.hand(1) == ["temple", "tavern", "harbor"] and table.hand(3) == []
    assert table.view(0)["players"][1]["hand_size"] == 3 and table.view(0)["players"][3]["hand_size"] == 0
    assert table.city(1) == ["castle"]
    table.do("end_turn")
