"""A command written as JSON (a test's dict, a page's form) decided as the service decides a player's: read
into the game's command type by `GameRules.normalize_command` (which refuses a malformed one), then decided
by `GameRules.decide`, which trusts the typed command and checks only whether the state takes it."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from rules_kit import Event
from rules_kit.engine import GameRules
from rules_kit.takeback import TAKE_BACK

StateT = TypeVar("StateT")


def decide_json(rules: GameRules[StateT, Any], state: StateT, seat: int, raw: object, rng: random.Random) -> list[Event]:
    """The events of the JSON command `raw` from `seat`: IllegalCommand from `normalize_command` for one
    that is no command of the game, from `decide` for one the state does not take. A takeback is the
    hosting's to decide (it needs the log), never the rules'."""
    command = rules.normalize_command(raw)
    assert command["type"] != TAKE_BACK, "a takeback is decided by the hosting (rules_kit.takeback), not decide"
    return rules.decide(state, seat, command, rng)
