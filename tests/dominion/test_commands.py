"""Commands as types (`dominion.commands.read_command`) and the explicit tables that reach each effect."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from dominion import RULES, kingdom
from dominion.cards import ACTION, CARDS, TREASURE
from dominion.commands import read_command
from dominion.decide import FLOW_TABLES, STEPS, merge_steps
from rules_kit import IllegalCommand

from ..rules_kit.json_commands import decide_json
from .table import Table


def _refusal(command: object) -> tuple[str, str, dict[str, Any]]:
    with pytest.raises(IllegalCommand) as error:
        read_command(command)
    return error.value.code, error.value.reason, dict(error.value.params or {})


def test_read_command_gives_back_the_same_object_for_every_command_type() -> None:
    for command in ({"type": "play", "card": 3}, {"type": "play_treasures"}, {"type": "buy", "card": "silver"},
                    {"type": "end_turn"}, {"type": "decide", "cards": [1, 2]}, {"type": "decide", "choice": "yes"},
                    {"type": "decide", "name": "copper"}, {"type": "decide", "order": []}, {"type": "decide"},
                    {"type": "set_reaction", "card": "moat", "answer": "never"}, {"type": "resign"}):
        assert read_command(command) is command
        assert RULES.normalize_command(command) == command


def test_read_command_refuses_each_field_of_the_wrong_type_with_its_reason() -> None:
    assert _refusal("end_turn")[:2] == ("malformed", "not_an_object")
    assert _refusal({"card": 3})[:2] == ("malformed", "not_an_object")
    assert _refusal({"type": "fly"})[0] == "unknown_command"
    assert _refusal({"type": "play", "card": True}) == ("malformed", "needs_card_number", {"command": "play", "field": "card"})
    assert _refusal({"type": "play"})[1] == "needs_card_number"
    assert _refusal({"type": "buy", "card": 7}) == ("malformed", "needs_pile", {"command": "buy", "field": "card"})
    assert _refusal({"type": "decide", "cards": [1, "2"]}) == (
        "malformed", "needs_card_numbers", {"command": "decide", "field": "cards"})
    assert _refusal({"type": "decide", "order": None})[1:] == ("needs_card_numbers", {"command": "decide", "field": "order"})
    assert _refusal({"type": "decide", "choice": 1})[1:] == ("needs_text", {"command": "decide", "field": "choice"})
    assert _refusal({"type": "decide", "name": ["copper"]})[1:] == ("needs_text", {"command": "decide", "field": "name"})
    assert _refusal({"type": "set_reaction", "card": "village", "answer": "always"})[0] == "not_a_reaction"
    assert _refusal({"type": "set_reaction", "card": "moat", "answer": "maybe"})[:2] == ("malformed", "needs_choice")


def test_a_decide_without_its_answer_is_refused_with_the_field_the_decision_asks_for() -> None:
    t = Table("altar", hand=["altar", "hovel", "copper", "copper", "copper"])
    t.play("altar")
    command = RULES.normalize_command({"type": "decide"})
    with pytest.raises(IllegalCommand) as error:
        RULES.decide(t.state, 0, command, random.Random(0))
    assert (error.value.code, error.value.reason, error.value.params) == (
        "malformed", "needs_card_numbers", {"command": "decide", "field": "cards"})
    with pytest.raises(IllegalCommand) as error:
        decide_json(RULES, t.state, 0, {"type": "decide", "choice": "yes"}, random.Random(0))
    assert (error.value.code, error.value.reason) == ("malformed", "needs_card_numbers")


def test_every_effect_is_in_one_table_only_and_every_playable_card_has_one() -> None:
    tables = [*FLOW_TABLES, *kingdom.TABLES]
    assert sum(len(table) for table in tables) == len(STEPS), "an op is in two tables"
    playable = {name for name, card in CARDS.items() if card.types & {ACTION, TREASURE}}
    assert playable - {"knights"} <= set(STEPS), sorted(playable - set(STEPS))


def test_two_tables_defining_one_op_are_refused_by_name() -> None:
    step = STEPS["cellar"]
    assert merge_steps(({"cellar": step}, {"chapel": step})) == {"cellar": step, "chapel": step}
    with pytest.raises(ValueError, match="step ops defined in two tables: cellar, chapel"):
        merge_steps(({"cellar": step, "chapel": step}, {"moat": step}, {"chapel": step, "cellar": step}))


def test_no_module_of_the_rules_is_imported_for_its_side_effects() -> None:
    root = Path(__file__).parents[2] / "dominion"
    for path in root.rglob("*.py"):
        if "site" not in path.relative_to(root).parts:
            assert "noqa: F401" not in path.read_text(), path
