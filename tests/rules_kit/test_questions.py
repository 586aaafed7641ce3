"""The moves the rules flag for a question before they are sent (`GameRules.question`)."""

from __future__ import annotations

import random

import citadels
import dominion
from citadels.bots import heuristic_bot

from ..dominion.table import Table


def test_dominion_asks_before_a_curse_and_before_ending_with_a_buy_left() -> None:
    table = Table("witch", hand=["copper"] * 5)
    rules = dominion.RULES
    table.do("play_treasures")
    assert rules.question(table.state, 0, {"type": "buy", "card": "curse"}) == ("buy_curse", {})
    assert rules.question(table.state, 0, {"type": "buy", "card": "silver"}) is None
    assert rules.question(table.state, 0, {"type": "end_turn"}) == ("end_turn_with_buy", {"coins": 5})
    table.do({"type": "buy", "card": "silver"})
    assert table.state.buys == 0  # the only buy is spent: ending the turn now throws nothing away
    assert rules.question(table.state, 0, {"type": "end_turn"}) is None


def test_dominion_no_question_when_only_copper_or_curse_could_be_bought() -> None:
    table = Table("witch", hand=["hovel", "necropolis", "overgrown_estate", "copper", "copper"])
    state = table.state
    # with $0 played: a Copper or a Curse are all a buy could get
    assert dominion.RULES.question(state, 0, {"type": "end_turn"}) is None


def test_citadels_asks_before_ending_a_turn_with_a_buildable_district() -> None:
    rules = citadels.RULES
    rng = random.Random(11)
    state = rules.fold(rules.setup({}, 3, rng))
    asked = quiet = 0
    for _ in range(600):
        seats = rules.awaiting(state)
        if not seats:
            break
        seat = seats[0]
        legal = rules.legal_commands(state, seat)
        builds = any(c["type"] == "build" for c in legal)
        if {"type": "end_turn"} in legal:
            question = rules.question(state, seat, {"type": "end_turn"})
            if builds:
                asked += 1
                assert question == ("end_turn_with_build", {"gold": state.players[seat].gold})
            else:
                quiet += 1
                assert question is None
        for command in legal:
            if command["type"] != "end_turn":
                assert rules.question(state, seat, command) is None
        state = rules.fold(rules.decide(state, seat, heuristic_bot(state, seat, rng), rng), state)
    assert asked and quiet
