"""Numbers to decide with: what each of a seat's legal commands costs or brings in gold, and every
player's score so far. Both read public facts only (cities, gold, the size of a hand or a Museum) besides
the deciding seat's own hand, so the views may show them to whoever sees the commands or the table."""

from __future__ import annotations

from functools import lru_cache
from typing import TypedDict

from .abilities.cities import destroy_cost, exchange_price
from .abilities.gold import colour_income
from .commands import Command
from .legal import legal_commands
from .payloads import Score
from .scoring import score_of
from .state import Player, State
from .turn import build_cost


def gold_of(state: State, seat: int, command: Command) -> int | None:
    """The gold `command` changes for `seat` when accepted now (negative: paid), None when it moves no
    gold worth telling. The same functions the rules decide with compute it, so the button says what the
    move will do."""
    turn_ = state.turn
    if command["type"] == "collect_income" and turn_ is not None:
        return colour_income(state, seat, turn_.character)
    if command["type"] == "destroy":
        return -destroy_cost(state.players[command["seat"]], command["district"])
    if command["type"] == "exchange":
        return -exchange_price(state, seat, command["own"], command["seat"], command["their"])
    if command["type"] == "build" or (command["type"] == "take_card" and command.get("build")):
        return -build_cost(state.players[seat], command["district"])
    return None


class GoldQuote(TypedDict):
    """A legal command and the gold it changes for its seat (`gold_of`)."""

    command: Command
    gold: int


def gold_quotes(state: State, seat: int) -> list[GoldQuote]:
    """Each legal command of `seat` that moves gold, with the amount: `{"command": ..., "gold": n}`."""
    quotes: list[GoldQuote] = []
    for command in legal_commands(state, seat):
        gold = gold_of(state, seat, command)
        if gold is not None:
            quotes.append({"command": command, "gold": gold})
    return quotes


def scores_so_far(state: State) -> list[Score]:
    """Every player's score as it would count if the game ended now (the end's own scoring: districts,
    the colour and complete-city bonuses, the Dark City's extras)."""
    return [s.copy() for s in _scores(state.players, state.round, state.first_complete, state.complete_at)]


# Every seat's view of a state (and the next states that change no holding: the draft, a reveal) shows the
# same scores: they are computed once per holdings. The key is every input of `score`: the players
# (immutable NamedTuples) and the state's three numbers the end's scoring reads.
@lru_cache(maxsize=256)
def _scores(
    players: tuple[Player, ...], round_: int, first_complete: int | None, complete_at: int,
) -> tuple[Score, ...]:
    """The scores of `players` (read only: `scores_so_far` hands out copies)."""
    return tuple([score_of(p, round_, first_complete, complete_at) for p in players])
