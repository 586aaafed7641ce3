"""Bots: a random bot and a heuristic bot (the hosting plays the latter for players who go quiet).

A bot is a function `(state, seat, rng) -> command` choosing from `legal_commands`, so it can never send
an illegal command.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .legal import legal_commands
from .state import State

Command = dict[str, Any]
Bot = Callable[[State, int, random.Random], Command]


def random_bot(state: State, seat: int, rng: random.Random) -> Command:
    """Any legal command, uniformly."""
    return rng.choice(legal_commands(state, seat))


BOTS: dict[str, Bot] = {"random": random_bot}
