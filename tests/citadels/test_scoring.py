"""The end of the game and the scores: district points, +3 for five colours (the Haunted City's rules),
+4 for the first complete city and +2 for the others, University and Dragon Gate, the tie-break."""

from __future__ import annotations

from citadels import RULES
from citadels.state import OVER, TURNS

from .scenario import Table, drafted, of_type

# 7 districts of all four non-purple colours: 1+1+1+3+2+2+2 = 12 points
SEVEN = ["temple", "tavern", "watchtower", "manor", "church", "market", "prison"]
# 7 districts without blue and red: 3+4+5+2+3+4+5 = 26 points
SEVEN_PLAIN = ["manor", "castle", "palace", "market", "docks", "harbor", "town_hall"]


def king_table() -> Table:
    """4 players in round 1: seat 0 King (plays first), 1 Bishop, 2 Merchant, 3 Warlord."""
    table = drafted(["king", "bishop", "merchant", "warlord"], ("thief", "magician"), "assassin")
    assert table.state.turn.character == "king" and table.seat == 0
    return table


def complete(table: Table, seat: int, city: list[str], eighth: str) -> None:
    """In `seat`'s turn (which must be now): a city of `city` (built earlier) and the 8th district built now."""
    assert table.seat == seat
    table.set(seat, gold=10, hand=[eighth], city=city)
    table.income()
    table.do("build", district=eighth)
    table.set(seat, gold=0)


def scores(table: Table) -> dict[int, dict[str, int]]:
    assert table.state.phase == OVER
    return {s["seat"]: s for s in table.view(None)["scores"]}


def finished(city: list[str], eighth: str, **others: list[str]) -> Table:
    """Seat 0 completes `city` + `eighth` in round 1; seats given as seat1=[...] have those cities; the round
    is played out and the game ends."""
    table = king_table()
    for name, other in others.items():
        table.set(int(name[-1]), city=other)
    complete(table, 0, city, eighth)
    table.finish_round()
    return table


# --- the end of the game ------------------------------------------------------------------------------------


def test_game_ends_after_the_round_in_which_the_first_city_reaches_eight() -> None:
    table = king_table()
    complete(table, 0, SEVEN, "keep")
    assert table.state.phase == TURNS and table.state.first_complete == 0
    table.do("end_turn")
    played = []
    while table.state.phase == TURNS:
        played.append(table.state.turn.character)
        table.end()
    assert played == ["bishop", "merchant", "warlord"]  # the round is played to its end
    assert table.state.phase == OVER and table.view()["phase"] == "over"
    assert not [e for e in of_type(table.events, "round_started") if e.public["round"] == 2]
    assert table.types(table.events)[-2:] == ["round_ended", "game_ended"]
    assert RULES.awaiting(table.state) == [] and table.view()["awaiting"] == []
    assert table.refuse("take_gold", by=0) == "game_over"
    assert all(RULES.legal_commands(table.state, seat) == [] for seat in range(4))


def test_game_goes_on_while_no_city_has_eight() -> None:
    table = king_table()
    table.set(0, city=SEVEN)
    table.finish_round()
    assert table.state.phase != OVER and table.state.round == 2


def test_scores_count_district_points_not_gold_nor_hand() -> None:
    table = finished(SEVEN, "keep", seat1=["palace", "castle"], seat2=[])
    table_scores = scores(table)
    assert table_scores[1] == {"seat": 1, "districts": 9, "colours": 0, "complete": 0, "extras": 0, "total": 9}
    assert table_scores[2]["total"] == 0
    assert table.gold(2) > 0 and table.hand(2)


def test_five_colours_and_first_complete_city() -> None:
    table = finished(SEVEN, "keep")
    assert scores(table)[0] == {"seat": 0, "districts": 15, "colours": 3, "complete": 4, "extras": 0, "total": 22}


def test_no_colour_bonus_with_a_colour_missing() -> None:
    table = finished(SEVEN_PLAIN, "keep")  # yellow, green, purple only
    assert scores(table)[0] == {"seat": 0, "districts": 29, "colours": 0, "complete": 4, "extras": 0, "total": 33}


def test_other_complete_cities_in_the_last_round_score_two() -> None:
    table = king_table()
    complete(table, 0, SEVEN, "keep")
    table.do("end_turn")
    complete(table, 1, SEVEN_PLAIN, "temple")  # the Bishop completes after the King
    table.do("end_turn")
    table.finish_round()
    assert scores(table)[0]["complete"] == 4
    assert scores(table)[1] == {"seat": 1, "districts": 27, "colours": 0, "complete": 2, "extras": 0, "total": 29}
    assert scores(table)[2]["complete"] == 0


def test_architect_may_end_with_more_than_eight_districts_all_of_them_count() -> None:
    table = drafted(["architect", "king", "bishop", "warlord"], ("thief", "magician"), "assassin")
    table.end()
    table.end()
    table.set(0, gold=20, hand=["keep", "castle", "palace"], city=SEVEN)
    table.income()
    for district in ["keep", "castle", "palace"]:
        table.do("build", district=district)
    table.finish_round()
    assert len(table.city(0)) == 10
    assert scores(table)[0] == {"seat": 0, "districts": 24, "colours": 3, "complete": 4, "extras": 0, "total": 31}


def test_university_and_dragon_gate_are_worth_eight_points() -> None:
    city = ["university", "manor", "temple", "tavern", "watchtower", "church", "market"]
    table = finished(city, "dragon_gate")
    assert scores(table)[0]["districts"] == 8 + 3 + 1 + 1 + 1 + 2 + 2 + 8


def test_school_of_magic_scores_as_purple() -> None:
    city = ["school_of_magic", "manor", "temple", "tavern", "church", "market", "castle"]  # no red
    table = finished(city, "palace")
    assert scores(table)[0]["colours"] == 0
    table = finished(city, "prison")
    assert scores(table)[0]["colours"] == 3


# --- the Haunted City ----------------------------------------------------------------------------------


def test_haunted_city_counts_as_the_missing_colour() -> None:
    city = ["haunted_city", "keep", "manor", "temple", "tavern", "church", "market"]  # no red
    table = finished(city, "castle")
    assert scores(table)[0] == {"seat": 0, "districts": 2 + 3 + 3 + 1 + 1 + 2 + 2 + 4, "colours": 3,
                                "complete": 4, "extras": 0, "total": 18 + 3 + 4}


def test_haunted_city_as_another_colour_no_longer_counts_as_purple() -> None:
    city = ["haunted_city", "manor", "temple", "tavern", "church", "market", "castle"]  # no red, no other purple
    table = finished(city, "harbor")  # the Haunted City can stand for red or be purple, not both
    assert scores(table)[0]["colours"] == 0


def test_haunted_city_is_purple_when_all_other_colours_are_there() -> None:
    city = ["haunted_city", "manor", "temple", "tavern", "watchtower", "church", "market"]
    table = finished(city, "castle")
    assert scores(table)[0]["colours"] == 3


def test_haunted_city_built_in_the_last_round_cannot_stand_for_another_colour() -> None:
    city = ["manor", "temple", "tavern", "church", "market", "castle", "keep"]  # no red
    table = finished(city, "haunted_city")
    assert scores(table)[0]["colours"] == 0


def test_haunted_city_built_in_an_earlier_round_can_stand_for_another_colour() -> None:
    table = drafted(["king", "bishop", "merchant", "warlord"], ("thief", "magician"), "assassin",
                    later=(["thief", "magician", "assassin", "king", "bishop", "merchant", "architect", "warlord"],))
    table.set(0, gold=10, hand=["haunted_city", "palace"], city=["manor", "temple", "tavern", "church", "market"])
    table.income()
    table.do("build", district="haunted_city")  # round 1
    table.finish_round()
    table.draft("king", "bishop", "merchant", "warlord")
    table.set(0, gold=10)
    table.add_to_city(0, ["keep"])  # 7 districts, no red
    assert [b.round for b in table.state.players[0].city if b.district == "haunted_city"] == [1]
    table.income()
    table.do("build", district="palace")  # round 2, the last
    table.finish_round()
    assert scores(table)[0]["colours"] == 3


# --- the winners --------------------------------------------------------------------------------------------


def test_most_points_win() -> None:
    table = finished(SEVEN, "keep", seat1=SEVEN_PLAIN)  # 22 against 26
    assert table.view()["winners"] == [1]
    assert table.state.first_complete == 0


def test_tie_goes_to_the_most_district_points() -> None:
    # seat 0: 15 district points + 3 + 4 = 22; seat 1: 22 district points, no bonus
    table = finished(SEVEN, "keep", seat1=["palace", "castle", "cathedral", "town_hall", "docks"])
    assert scores(table)[0]["total"] == scores(table)[1]["total"] == 22
    assert table.view()["winners"] == [1]


def test_tie_after_the_tie_break_is_a_shared_win() -> None:
    rich = ["palace", "castle", "cathedral", "town_hall", "docks", "harbor"]  # 26
    table = finished(SEVEN, "keep", seat1=rich, seat3=rich)
    assert scores(table)[1]["total"] == scores(table)[3]["total"] == 26
    assert table.view()["winners"] == [1, 3]
    assert table.view(2)["winners"] == [1, 3]
