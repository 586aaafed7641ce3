"""Resigning in the rules of both games (pure Python): the event, the fold, the end of a game by
resignation, and winners that exclude the resigned seats."""

from __future__ import annotations

import random
from typing import Any

import pytest

import citadels
import dominion
from citadels import scoring as citadels_scoring
from dominion import scoring as dominion_scoring
from rules_kit import IllegalCommand
from rules_kit.resign import RESIGN, last_seat_standing, record_resignation, winners_among_the_rest

from .json_commands import decide_json

GAMES = {"citadels": citadels.RULES, "dominion": dominion.RULES}


def fresh(rules: Any, players: int) -> Any:
    return rules.fold(rules.setup(None, players, random.Random(7)))


@pytest.mark.parametrize("name", GAMES)
def test_three_of_four_resign_then_the_last_one_wins(name: str) -> None:
    rules = GAMES[name]
    state = fresh(rules, 4)
    for order, seat in enumerate((2, 0, 3)):
        events = decide_json(rules, state, seat, {"type": "resign"}, random.Random(order))
        state = rules.fold(events, state)
        assert events[0].type == "player_resigned" and events[0].public == {"seat": seat}
        assert rules.redact(events[0], None)["seat"] == seat
    assert [e.type for e in events] == ["player_resigned", "game_ended"]
    assert rules.awaiting(state) == [] and rules.view(state, None)["winners"] == [1]
    assert rules.resigned(state) == frozenset({0, 2, 3}) and rules.view(state, 1)["resigned"] == [0, 2, 3]
    # the snapshot keeps it, and the fold of the encoded events gives the same
    assert rules.resigned(rules.load_state(rules.dump_state(state))) == frozenset({0, 2, 3})


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_resigns_once_and_only_while_the_game_runs(name: str) -> None:
    rules = GAMES[name]
    state = fresh(rules, 3)
    state = rules.fold(decide_json(rules, state, 1, {"type": "resign"}, random.Random(1)), state)
    assert rules.awaiting(state)  # the game goes on
    with pytest.raises(IllegalCommand) as again:
        decide_json(rules, state, 1, {"type": "resign"}, random.Random(1))
    assert again.value.code == "already_resigned"
    with pytest.raises(IllegalCommand) as nobody:
        decide_json(rules, state, 5, {"type": "resign"}, random.Random(1))
    assert nobody.value.code == "no_such_seat"
    state = rules.fold(decide_json(rules, state, 2, {"type": "resign"}, random.Random(1)), state)
    with pytest.raises(IllegalCommand) as over:
        decide_json(rules, state, 0, {"type": "resign"}, random.Random(1))
    assert over.value.code == "game_over"
    assert rules.normalize_command({"type": "resign"}) == {"type": "resign"}
    with pytest.raises(IllegalCommand):
        rules.normalize_command({"type": "resign", "seat": 0})  # never for another seat


def test_a_resigned_seat_cannot_win() -> None:
    assert winners_among_the_rest([(0, 5), (1, 9), (2, 7)], {1}) == [2]
    assert winners_among_the_rest([(0, 5), (1, 9)], {0, 1}) == [1]  # all resigned: the best of all
    assert last_seat_standing({0, 2}, 3) == 1 and last_seat_standing({0}, 3) is None
    scores = [{"seat": 0, "total": 10, "districts": 8, "colours": 0, "complete": 0},
              {"seat": 1, "total": 12, "districts": 8, "colours": 0, "complete": 0}]
    assert citadels_scoring.winners(scores, {1}) == [0]  # type: ignore[arg-type]
    assert citadels_scoring.winners(scores) == [1]  # type: ignore[arg-type]
    dominion_scores = [{"seat": 0, "total": 30, "turns": 20, "cards": 40}, {"seat": 1, "total": 31, "turns": 20, "cards": 40}]
    assert dominion_scoring.winners(dominion_scores, {1}) == [0]  # type: ignore[arg-type]


def test_record_resignation_checks_emits_and_ends_the_game_when_one_seat_is_left() -> None:
    done: list[str] = []
    record_resignation({0}, 2, 4, lambda: done.append("resigned"), lambda: done.append("ended"))
    assert done == ["resigned"]  # two seats still play
    record_resignation({0, 2}, 3, 4, lambda: done.append("resigned"), lambda: done.append("ended"))
    assert done == ["resigned", "resigned", "ended"]
    with pytest.raises(IllegalCommand) as again:
        record_resignation({0, 2}, 2, 4, lambda: done.append("resigned"), lambda: done.append("ended"))
    assert again.value.code == "already_resigned" and done == ["resigned", "resigned", "ended"]


@pytest.mark.parametrize("name", GAMES)
def test_resign_is_an_anytime_command_of_every_game(name: str) -> None:
    # GameRules adds it beside the game's own (the hosting asks one question: anytime or awaited).
    assert RESIGN in GAMES[name].anytime_commands
