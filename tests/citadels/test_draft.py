"""The character draft for every player count (rulebooks 2012 "Ablauf einer Runde" and 2000 "Änderungen für
2 und 3 Spieler"), the face-up and face-down cards, and who sees the face-down card."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from citadels import RULES, IllegalCommand
from citadels.state import TURNS

from .scenario import RANK_ORDER, Table, characters_of, of_type, order


def steps(table: Table) -> list[tuple[int, str, int]]:
    """(seat, action, cards handed) of the draft's next step."""
    step = table.state.draft_steps[0]
    return [(step.seat, step.action, len(table.view(step.seat)["draft"]["characters"]))]


# --- 2 players ----------------------------------------------------------------------------------------------


def test_two_players_exact_sequence_of_choices_and_discards() -> None:
    """A keeps 1 of 7; B keeps 1 of 6 and discards 1; A keeps 1 of 4 and discards 1; B keeps 1 of 2, the last
    card goes face down. Each has two characters, four lie face down."""
    table = Table(2, order())  # assassin face down; A is seat 0 (the crown)
    seen = []
    for character in ["thief", "magician", "king", "bishop", "merchant", "architect"]:
        seen += steps(table)
        table.draft(character)
    assert seen == [
        (0, "choose", 7), (1, "choose", 6), (1, "discard", 5),
        (0, "choose", 4), (0, "discard", 3), (1, "choose", 2),
    ]
    assert table.state.chosen == (("thief", "bishop"), ("magician", "architect"))
    assert sorted(table.state.face_down) == ["assassin", "king", "merchant", "warlord"]
    assert table.state.phase == TURNS


def test_two_players_discard_step_refuses_a_choice_and_lists_discards() -> None:
    table = Table(2, order())
    table.draft("thief", "magician")
    assert {c["type"] for c in table.legal()} == {"discard_character"}
    assert table.refuse("choose_character", character="king") == "wrong_step"
    table.draft("king")
    assert {c["type"] for c in table.legal()} == {"choose_character"}
    assert table.refuse("discard_character", character="bishop") == "wrong_step"


def test_two_players_second_round_starts_with_the_new_king() -> None:
    table = Table(2, order(), order())
    table.draft("thief", "king", "bishop", "magician", "merchant", "architect")  # seat 1 holds the King
    table.finish_round()
    assert table.state.round == 2 and table.state.crown == 1
    assert steps(table) == [(1, "choose", 7)]
    table.draft("thief")
    assert steps(table) == [(0, "choose", 6)]


# --- 3 players ----------------------------------------------------------------------------------------------


def test_three_players_choose_two_characters_each_in_seat_order() -> None:
    table = Table(3, order())
    seen = []
    for character in ["thief", "magician", "king", "bishop", "merchant", "architect"]:
        seen += steps(table)
        table.draft(character)
    assert seen == [(0, "choose", 7), (1, "choose", 6), (2, "choose", 5),
                    (0, "choose", 4), (1, "choose", 3), (2, "choose", 2)]
    assert table.state.chosen == (("thief", "bishop"), ("magician", "merchant"), ("king", "architect"))
    assert sorted(table.state.face_down) == ["assassin", "warlord"]  # the first and the last card
    assert not table.state.face_up


def test_three_players_each_player_plays_twice_a_round_in_rank_order() -> None:
    table = Table(3, order())
    table.draft("thief", "magician", "king", "bishop", "merchant", "architect")
    called = []
    while table.state.phase == TURNS and table.state.round == 1:
        called.append((table.seat, table.state.turn.character))
        table.end()
    assert called == [(0, "thief"), (1, "magician"), (2, "king"), (0, "bishop"), (1, "merchant"),
                      (2, "architect")]


# --- 4 to 7 players -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, face_up", [(2, 0), (3, 0), (4, 2), (5, 1), (6, 0), (7, 0)])
def test_face_up_count_by_player_count(players: int, face_up: int) -> None:
    table = Table(players, order("thief", "bishop", "merchant"))
    assert table.view()["face_up"] == ["thief", "bishop"][:face_up]
    handed = 8 - face_up - 1
    assert sorted(table.view(0)["draft"]["characters"]) == sorted(table.state.draft_pile)
    assert len(table.state.draft_pile) == handed


@pytest.mark.parametrize("players", [4, 5])
def test_king_is_never_face_up(players: int) -> None:
    """A given character order with the King among the cards to turn up is either refused as options that
    make no game, or the King is passed over; it never lies face up."""
    try:
        table = Table(players, order("king", "thief", "bishop"))
    except IllegalCommand as error:
        assert error.code == "bad_options"
        return
    assert "king" not in table.view()["face_up"]
    assert table.view()["face_up"] == ["thief", "bishop"][: {4: 2, 5: 1}[players]]
    assert "king" in table.state.draft_pile + table.state.face_down


@pytest.mark.parametrize("players", [4, 5])
def test_king_never_face_up_over_many_shuffles(players: int) -> None:
    for seed in range(300):
        state = RULES.fold(RULES.setup({}, players, random.Random(seed)))
        assert "king" not in state.face_up
        assert len(state.face_up) == {4: 2, 5: 1}[players]


@pytest.mark.parametrize("players, share", [(4, 1 / 6), (5, 1 / 7), (6, 1 / 8), (7, 1 / 8)])
def test_king_turned_up_is_shuffled_back_not_left_on_top_for_the_face_down_card(players: int, share: float) -> None:
    """Rulebook: a King turned face up is shuffled back into the deck and another card turned up; then the top
    card goes face down. So the face-down card is a uniform pick of the cards not face up: the King lies face
    down 1/6 of the time at 4 players, 1/7 at 5, 1/8 at 6-7."""
    games = 1000
    face_down = Counter(RULES.fold(RULES.setup({}, players, random.Random(s))).face_down[0] for s in range(games))
    assert abs(face_down["king"] / games - share) < 0.05, face_down


def test_face_up_characters_cannot_be_chosen() -> None:
    table = Table(4, order("thief", "bishop"))
    assert table.refuse("choose_character", character="thief") == "not_offered"
    assert table.refuse("choose_character", character="assassin") == "not_offered"  # the face-down card
    assert {c["character"] for c in table.legal()} == {"magician", "king", "merchant", "architect", "warlord"}


def test_draft_goes_from_the_crown_to_the_left_and_the_last_card_goes_face_down() -> None:
    table = Table(4, order("thief", "bishop"))
    seen = []
    for character in ["king", "warlord", "magician", "merchant"]:
        seen += steps(table)
        table.draft(character)
    assert seen == [(0, "choose", 5), (1, "choose", 4), (2, "choose", 3), (3, "choose", 2)]
    assert sorted(table.state.face_down) == ["architect", "assassin"]
    discarded = of_type(table.events, "character_discarded")
    assert [e.public["seat"] for e in discarded] == [3]  # the last chooser lays the leftover face down


def test_only_the_awaited_seat_may_choose() -> None:
    table = Table(4, order("thief", "bishop"))
    assert table.refuse("choose_character", by=1, character="king") == "not_your_turn"
    assert RULES.legal_commands(table.state, 1) == []


def test_six_players_no_face_up_last_chooser_picks_from_two() -> None:
    table = Table(6, order())
    for character in ["thief", "magician", "king", "bishop", "merchant"]:
        table.draft(character)
    assert steps(table) == [(5, "choose", 2)]
    table.draft("warlord")
    assert sorted(table.state.face_down) == ["architect", "assassin"]


def test_seven_players_last_chooser_takes_the_face_down_card_into_his_choice() -> None:
    """7 players: the last gets one card from his right neighbour and adds the card laid face down at the start;
    he keeps one of the two and lays the other face down."""
    table = Table(7, order())  # assassin face down
    for character in ["thief", "magician", "king", "bishop", "merchant", "architect"]:
        table.draft(character)
    offered = of_type(table.events, "face_down_offered")
    assert len(offered) == 1 and offered[0].public["seat"] == 6
    assert table.seat == 6
    assert sorted(table.view(6)["draft"]["characters"]) == ["assassin", "warlord"]
    table.draft("assassin")
    assert table.state.chosen[6] == ("assassin",)
    assert list(table.state.face_down) == ["warlord"]
    assert table.state.phase == TURNS and table.state.turn.character == "assassin"


def test_seven_players_face_down_offer_is_private_to_the_last_chooser() -> None:
    table = Table(7, order())
    for character in ["thief", "magician", "king", "bishop", "merchant", "architect"]:
        table.draft(character)
    offer = of_type(table.events, "face_down_offered")[0]
    assert RULES.redact(offer, 6)["character"] == "assassin"
    for seat in [None, 0, 5]:
        assert "character" not in RULES.redact(offer, seat)


# --- who sees the face-down card ------------------------------------------------------------------------


def test_king_sees_the_face_down_card_in_the_2012_edition() -> None:
    table = Table(4, order("thief", "bishop"))  # assassin face down
    assert table.view(0)["face_down"] == "assassin"
    started = of_type(table.events, "round_started")[0]
    assert RULES.redact(started, 0)["face_down"] == "assassin"
    for seat in [None, 1, 2, 3]:
        assert "face_down" not in table.view(seat)
        assert "assassin" not in str(RULES.redact(started, seat))


def test_king_sees_the_face_down_card_in_two_player_game_2012() -> None:
    table = Table(2, order("merchant"))
    assert table.view(0)["face_down"] == "merchant"
    assert "face_down" not in table.view(1)


@pytest.mark.parametrize("options", [{"edition": "2000"}, {"king_sees_face_down": False}])
def test_nobody_sees_the_face_down_card_with_the_2000_option(options: dict) -> None:
    table = Table(4, order("thief", "bishop"), **options)
    started = of_type(table.events, "round_started")[0]
    for seat in [None, 0, 1, 2, 3]:
        assert "face_down" not in table.view(seat)
        assert "assassin" not in str(RULES.redact(started, seat))


def test_view_of_the_draft_hides_other_seats_choices() -> None:
    table = Table(4, order("thief", "bishop"))
    table.draft("king")
    assert table.view(0)["my_characters"] == ["king"]
    assert table.view(1)["my_characters"] == []
    assert "king" not in str(table.view(1)["players"])
    chosen = of_type(table.events, "character_chosen")[0]
    assert "king" not in str(RULES.redact(chosen, 1)) and RULES.redact(chosen, 0)["character"] == "king"


def test_rank_order_is_the_calling_order() -> None:
    assert characters_of(None) == list(RANK_ORDER) == [
        "assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
