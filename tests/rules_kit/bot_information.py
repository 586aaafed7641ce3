"""What the bot-information tests of both games share: a bot asked the same question on two states that
differ only in what its seat cannot see must answer the same (issue 36)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

BotFunction = Callable[[Any, int, random.Random], Any]


def differing_bots(bots: Mapping[str, BotFunction], state: Any, other: Any, seat: int, k: int) -> list[str]:
    """The names of the bots that, each with `random.Random(k)`, pick another command from `other` than from
    `state` for `seat`."""
    return [
        name for name, bot in bots.items()
        if bot(state, seat, random.Random(k)) != bot(other, seat, random.Random(k))
    ]


def shuffled_apart(items: list[Any], rng: random.Random) -> list[Any]:
    """`items` shuffled, in another order than they came whenever two of them differ."""
    shuffled = list(items)
    if len(set(map(repr, items))) < 2:
        return shuffled
    while shuffled == items:
        rng.shuffle(shuffled)
    return shuffled
