"""Baseline bots: the published money strategies the best bot is measured against (issue 36), kept fixed.

Each is the buy list ("gain priority") of Dominiate, Rob Speer's Dominion simulator (github.com/rspeer/dominiate,
`strategies/*.coffee`), for games without Colonies; every other decision (which Action to play, Treasures,
every card's questions) is `heuristic_bot`'s, which these bots call for anything but a buy:

* `big_money_ultimate`: "Big Money" by WanderingWinder (`strategies/BigMoney.coffee`, after his forum post
  dominionstrategy.com topic 625), the list Geronimoo's simulator and others call Big Money Ultimate (BMU):
  Province if the Treasures make more than $18 in all; Duchy if at most 4 gains end the game; Estate if at most
  2; Gold; Duchy if at most 6; Silver.
* `smithy_big_money`: "BigSmithy" (`strategies/BigSmithy.coffee`): Province; Duchy if at most 5 gains end the
  game; Estate if at most 2; Gold; a second Smithy once the deck has 16 cards, a first at once; Silver; Copper if
  at most 3 gains end the game.
* `double_witch`: "DoubleWitch" (`strategies/DoubleWitch.coffee`): Province once a Gold is owned; Witch while
  fewer than 2; Duchy if at most 5 gains end the game; Estate if at most 2; Gold; Silver.

"Gains to end the game" is Dominiate's `gainsToEndGame`: the Provinces left, or the cards in the 3 smallest
Supply piles (4 with 5 or more players) if fewer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from .bots import Bot, heuristic_bot
from .cards import CARDS, TREASURE
from .commands import Command
from .legal import legal_commands
from .scoring import composition
from .state import State

Priority = Callable[[State, Counter[str]], Sequence[str | None]]
"""A buy list: the piles wanted, best first (None: a rule whose condition does not hold), given the state and
the buying seat's cards by name."""


def gains_to_end(state: State) -> int:
    """Dominiate's `gainsToEndGame`: the fewest gains that would end the game (Provinces, or the smallest piles)."""
    sizes = sorted(len(state.piles[pile]) for pile in state.supply)
    piles = 4 if state.players >= 5 else 3
    return min(sum(sizes[:piles]), len(state.piles["province"]))


def total_money(cards: Counter[str]) -> int:
    """The coins all of a seat's Treasures make (Dominiate's `getTotalMoney` for a money deck)."""
    return sum(CARDS[name].coins * n for name, n in cards.items() if CARDS[name].has(TREASURE))


def priority_bot(priority: Priority) -> Bot:
    """A bot buying by `priority` (the first listed pile it can buy, else nothing) and otherwise playing as
    `heuristic_bot` does."""

    def bot(state: State, seat: int, rng: random.Random) -> Command:
        command = heuristic_bot(state, seat, rng)
        if state.pending or command["type"] not in ("buy", "end_turn"):
            return command
        buys = {c["card"]: c for c in legal_commands(state, seat) if c["type"] == "buy"}
        for pile in priority(state, composition(state, seat)):
            if pile is not None and pile in buys:
                return buys[pile]
        return {"type": "end_turn"}

    return bot


def _big_money_ultimate(state: State, mine: Counter[str]) -> list[str | None]:
    gains = gains_to_end(state)
    return [
        "province" if total_money(mine) > 18 else None,
        "duchy" if gains <= 4 else None,
        "estate" if gains <= 2 else None,
        "gold",
        "duchy" if gains <= 6 else None,
        "silver",
    ]


def _smithy_big_money(state: State, mine: Counter[str]) -> list[str | None]:
    gains = gains_to_end(state)
    return [
        "province",
        "duchy" if 0 < gains <= 5 else None,
        "estate" if 0 < gains <= 2 else None,
        "gold",
        "smithy" if mine["smithy"] < 2 and mine.total() >= 16 else None,
        "smithy" if mine["smithy"] < 1 else None,
        "silver",
        "copper" if gains <= 3 else None,
    ]


def _double_witch(state: State, mine: Counter[str]) -> list[str | None]:
    gains = gains_to_end(state)
    return [
        "province" if mine["gold"] > 0 else None,
        "witch" if mine["witch"] < 2 else None,
        "duchy" if 0 < gains <= 5 else None,
        "estate" if 0 < gains <= 2 else None,
        "gold",
        "silver",
    ]


big_money_ultimate = priority_bot(_big_money_ultimate)
smithy_big_money = priority_bot(_smithy_big_money)
double_witch = priority_bot(_double_witch)

BASELINES: Mapping[str, Bot] = {
    "big_money_ultimate": big_money_ultimate, "smithy_big_money": smithy_big_money, "double_witch": double_witch,
}
"""The baseline bots by name (the simulator accepts these beside `RULES.bots`); each needs its card in the
kingdom to be itself (without it, Smithy-BM and Double Witch play Big Money)."""
