"""`RULES`: the one object the hosting, the bots and the tests use to play Dominion."""

from __future__ import annotations

import random

from rules_kit.engine import GameRules, Options

from .best_bot import best_bot
from .bots import Bot, heuristic_bot, random_bot
from .chapters import CHAPTERS
from .commands import COMMAND_SHAPES, Command, read_command
from .decide import awaiting, decide
from .events import CODEC
from .evolve import FOLD
from .information import seen_by
from .legal import legal_commands
from .questions import question
from .scoring import standings
from .setup import MAX_PLAYERS, MIN_PLAYERS, setup
from .snapshot import dump_state, load_state
from .state import State
from .takeback import reveals
from .views import view

BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot, "best": best_bot}
"""The bots by name; `best` is the strongest (`best_bot`: Big Money with the kingdom's best helper card, docs/bots.md), `heuristic` the fixed baseline it is measured
against (the "easy" level). Here, beside `RULES`, because the best bot builds on the heuristic one."""


class DominionRules(GameRules[State, Command]):
    """The rules of Dominion with Dark Ages as a decider; every method is pure. `legal_commands` lists a
    representative set where the answers are very many."""

    def __init__(self) -> None:
        super().__init__(
            "dominion", codec=CODEC, fold=FOLD, setup=setup, decide=decide, read_command=read_command, awaiting=awaiting,
            legal_commands=legal_commands, view=view, dump_state=dump_state, load_state=load_state,
            validate_options=_validate_options, command_shapes=COMMAND_SHAPES, resigned=_resigned, reveals=reveals,
            question=question, chapters=CHAPTERS, standings=standings, scores=_scores, bots=BOTS, seen_by=seen_by,
            min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
            # A missed turn ends at once (no card played, nothing bought); a missed decision takes the first
            # listed answer (the smallest selection, or the first option).
            minimal_commands=("end_turn",),
            # A standing answer for reactions (e.g. reveal Moat to every attack) and a standing preference for
            # what an Attack asks of its victims (Militia's discard) are set whoever's turn it is.
            anytime_commands=("set_reaction", "set_preference"),
            # The players' decks and the piles' orders, stacked (tests, re-created physical games).
            fixed_order_options=("decks", "piles"),
        )


def _resigned(state: State) -> frozenset[int]:
    """The seats whose player resigned."""
    return frozenset(state.resigned)


def _scores(state: State) -> list[int]:
    """Each seat's final points (`scoring`'s totals of the game's end), in seat order; empty before the end."""
    return [score["total"] for score in sorted(state.scores, key=lambda score: score["seat"])]


def _validate_options(options: Options | None, players: int) -> None:
    """Raise IllegalCommand('bad_options') unless a game with these options and players can start."""
    setup(options, players, random.Random(0))


RULES = DominionRules()
