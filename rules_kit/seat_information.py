"""Bots decide from what their seat may know: `informed(bot, seen_by)` is the bot called on
`seen_by(state, seat)`, the state with every part hidden from the seat (other hands, the deck's order,
face-down cards) replaced by an arrangement that depends on nothing but what that seat may know.

Each game supplies its `seen_by` (`citadels.information`, `dominion.information`) and `GameRules` wraps
every bot of its `bots` with it, so that the hosting's stand-in, the simulators and the tests all play
bots that cannot read what their seat may not see. A command a bot picks on the seen state refers only to
the seat's own cards and public things, so it is legal in the real state too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
ItemT = TypeVar("ItemT")

SeenBy = Callable[[StateT, int], StateT]
"""`seen_by(state, seat)`: `state` as `seat` may know it (every hidden part in a canonical arrangement)."""


def informed(
    bot: Callable[[StateT, int, random.Random], CommandT], seen_by: SeenBy[StateT],
) -> Callable[[StateT, int, random.Random], CommandT]:
    """`bot` deciding on `seen_by(state, seat)` instead of the whole state (idempotent: an informed bot is
    not wrapped twice)."""
    if getattr(bot, "seen_by", None) is seen_by:
        return bot

    def informed_bot(state: StateT, seat: int, rng: random.Random) -> CommandT:
        return bot(seen_by(state, seat), seat, rng)

    informed_bot.seen_by = seen_by  # type: ignore[attr-defined]
    informed_bot.__name__ = getattr(bot, "__name__", "bot")
    informed_bot.__doc__ = bot.__doc__
    informed_bot.__wrapped__ = bot  # type: ignore[attr-defined]
    return informed_bot


def canonical_order(items: Sequence[ItemT], key: Callable[[ItemT], str], salt: str = "") -> list[ItemT]:
    """`items` in an order that depends only on which items they are (their multiset), not on the order they
    came in: sorted by `key`, then shuffled by a random source seeded with those keys (and `salt`, e.g. the
    seat). Shuffled rather than sorted so that a bot that plays the hidden cards out (a simulation) draws a
    plausible sample, not the alphabet; seeded with a text, which `random.Random` hashes the same in every
    process (sha512, not the salted `hash`)."""
    ordered = sorted(items, key=key)
    random.Random("\x1f".join([salt, *map(key, ordered)])).shuffle(ordered)
    return ordered
