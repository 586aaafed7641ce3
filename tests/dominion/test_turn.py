"""The base game: setup, the turn, buying, Clean-up, the end and the tie-break, errors."""

from __future__ import annotations

import random

import pytest

from dominion import RULES, IllegalCommand
from dominion.scoring import game_over, score, winners
from dominion.setup import pile_sizes

from .table import Table


def test_setup_for_every_player_count() -> None:
    for players in range(2, 7):
        state = RULES.fold(RULES.setup({"shelters": True}, players, random.Random(players)))
        assert len(state.kingdom) == 10 and len(set(state.kingdom)) == 10
        assert len(state.piles["copper"]) == 60 - 7 * players
        assert len(state.piles["province"]) == {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}[players]
        assert len(state.piles["curse"]) == 10 * (players - 1)
        assert len(state.piles["estate"]) == (8 if players == 2 else 12)
        for seat in range(players):
            names = sorted(state.names[c] for z in ("hand", "deck") for c in state.zones[seat][z])
            assert names == ["copper"] * 7 + ["hovel", "necropolis", "overgrown_estate"]
            assert len(state.hand(seat)) == 5


def test_without_shelters_players_start_with_estates_and_ruins_with_looters() -> None:
    state = RULES.fold(RULES.setup({"shelters": False, "kingdom": ["cultist", *["altar", "armory", "beggar", "count",
                                    "feodum", "forager", "hermit", "mystic", "rats"]]}, 3, random.Random(1)))
    names = sorted(state.names[c] for z in ("hand", "deck") for c in state.zones[0][z])
    assert names == ["copper"] * 7 + ["estate"] * 3
    assert len(state.piles["ruins"]) == 20 and len(state.piles["rats"]) == 20 and len(state.piles["feodum"]) == 12
    assert "madman" in state.piles and "spoils" not in state.piles


def test_pile_sizes_for_two_players() -> None:
    sizes = pile_sizes(["feodum", "knights", "marauder", "urchin"], 2)
    assert sizes["feodum"] == 8 and sizes["knights"] == 10 and sizes["ruins"] == 10
    assert sizes["spoils"] == 15 and sizes["mercenary"] == 10


@pytest.mark.parametrize("options, players", [
    ({"kingdom": ["altar"] * 10}, 2), ({"kingdom": ["chapel", *"abcdefghi"]}, 2), ({"shelters": "yes"}, 2),
    ({}, 1), ({}, 7), ({"colour": 1}, 2), ({"decks": [["copper"] * 10]}, 2),
    ({"piles": {"knights": ["sir_martin"] * 10}, "kingdom": ["knights", "altar", "armory", "beggar", "count",
      "feodum", "forager", "hermit", "mystic", "rats"]}, 2),
])
def test_bad_options_are_refused(options: dict, players: int) -> None:
    with pytest.raises(IllegalCommand) as error:
        RULES.setup(options, players, random.Random(0))
    assert error.value.code == "bad_options"


def test_a_turn_play_buy_and_clean_up() -> None:
    t = Table("poor_house", hand=["copper", "copper", "copper", "necropolis", "hovel"])
    assert t.refuse("buy", card="silver") == "too_expensive"
    t.play("necropolis")
    assert t.state.actions == 2
    t.do("play_treasures")
    assert t.state.phase == "buy" and t.state.coins == 3
    assert t.refuse("play", card=t.id("hovel")) == "not_playable"
    t.do("buy", card="silver")
    assert t.refuse("buy", card="silver") == "no_buys"
    assert t.refuse("play_treasures") == "no_treasures"
    t.do("end_turn")
    assert t.state.current == 1 and len(t.hand()) == 5 and t.state.turns == [1, 1]
    assert t.names(0, "discard")[-1] in ("copper", "hovel", "necropolis", "silver") and t.state.actions == 1


def test_commands_out_of_turn_or_malformed_are_refused() -> None:
    t = Table("poor_house")
    assert t.refuse("end_turn", by=1) == "not_your_turn"
    assert t.refuse({"type": "fly"}) == "unknown_command"
    assert t.refuse("play", card="copper") == "malformed"
    assert t.refuse("play", card=99999) == "not_in_hand"
    assert t.refuse("buy", card="madman") == "not_in_supply"
    assert t.refuse("decide", choice="yes") == "no_decision"
    with pytest.raises(IllegalCommand) as error:  # read before any decision, as the service reads it
        RULES.normalize_command("end_turn")
    assert error.value.code == "malformed"


def test_decisions_refuse_bad_answers() -> None:
    t = Table("altar", hand=["altar", "hovel", "copper", "copper", "copper"])
    t.play("altar")
    assert t.refuse("end_turn") == "decision_pending"
    assert t.refuse("decide", cards=[]) == "bad_count"
    assert t.refuse("decide", cards=[123456]) == "not_offered"
    assert t.refuse("decide", cards="hovel") == "malformed"


def test_end_by_three_piles_or_four_with_five_players() -> None:
    for players, needed in ((2, 3), (4, 3), (5, 4), (6, 4)):
        state = RULES.fold(RULES.setup({}, players, random.Random(0)))
        for pile in state.supply[-(needed - 1):]:
            state.piles[pile] = []
        assert not game_over(state)
        state.piles[state.supply[-needed]] = []
        assert game_over(state)


def test_winners_most_points_then_fewer_turns_then_shared() -> None:
    assert winners([{"seat": 0, "total": 10, "turns": 5}, {"seat": 1, "total": 10, "turns": 4}]) == [1]
    assert winners([{"seat": 0, "total": 10, "turns": 5}, {"seat": 1, "total": 10, "turns": 5}]) == [0, 1]
    assert winners([{"seat": 0, "total": 11, "turns": 5}, {"seat": 1, "total": 10, "turns": 4}]) == [0]


def test_scores_count_every_card_a_player_has() -> None:
    t = Table("feodum", hand=["copper"] * 5)
    t.put(0, "discard", "province", "duchy", "curse", "feodum", "silver", "silver", "silver")
    assert score(t.state)[0]["total"] == 6 + 3 - 1 + 1


def test_the_last_province_ends_the_game_after_the_turn() -> None:
    t = Table("poor_house", hand=["copper"] * 5)
    t.put(0, "hand", "gold", "gold")
    while len(t.state.piles["province"]) > 1:
        t.put(1, "discard", "province")
    t.do("play_treasures")
    t.do("buy", card="province")
    assert t.state.phase == "buy"
    t.do("end_turn")
    assert t.state.phase == "over" and RULES.awaiting(t.state) == []
    assert t.state.winners == [1] and RULES.view(t.state, None)["scores"][1]["total"] == 42
    assert t.refuse("end_turn", by=0) == "game_over"
