"""`RULES`: the one object the hosting, the bots and the tests use to play Citadels."""

from __future__ import annotations

from collections.abc import Mapping

from rules_kit.engine import GameRules

from .best_bot import best_bot
from .bots import Bot, heuristic_bot, random_bot
from .chapters import CHAPTERS
from .commands import COMMAND_SHAPES, Command, read_command
from .decide import ANYTIME_TYPES, awaiting, decide
from .events import CODEC
from .evolve import FOLD
from .information import seen_by
from .legal import legal_commands
from .options import resolve
from .questions import question
from .scoring import standings
from .setup import setup
from .snapshot import dump_state, load_state
from .state import State
from .takeback import reveals
from .views import view

BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot, "best": best_bot}
"""The bots by name; `best` is the strongest (`best_bot`, docs/bots.md), `heuristic` the fixed baseline it is measured
against (the "easy" level). Here, beside `RULES`, because the best bot builds on the heuristic one."""


class CitadelsRules(GameRules[State, Command]):
    """The rules of Citadels as a decider; every method is pure."""

    def __init__(self) -> None:
        super().__init__(
            "citadels", codec=CODEC, fold=FOLD, setup=setup, decide=decide, read_command=read_command, awaiting=awaiting,
            legal_commands=legal_commands, view=view, dump_state=dump_state, load_state=load_state,
            validate_options=_validate_options, command_shapes=COMMAND_SHAPES, resigned=_resigned, reveals=reveals,
            question=question, chapters=CHAPTERS, bots=BOTS, seen_by=seen_by, standings=standings, scores=_scores,
            # 8 needs 9 characters: the rules refuse what the options do not allow (`options.resolve`).
            min_players=2, max_players=8,
            # The thanks first: under a Ball Room any other first command loses the whole turn.
            minimal_commands=("thank_your_excellency", "take_gold", "decline_graveyard", "end_turn"),
            # The draft wishes (the characters to take when one's pick comes) are set whoever's turn it is.
            anytime_commands=ANYTIME_TYPES,
            # The district deck's and the characters' orders, stacked (tests, re-created physical games).
            fixed_order_options=("deck", "character_orders"),
        )


def _resigned(state: State) -> frozenset[int]:
    """The seats whose player resigned."""
    return frozenset(state.resigned)


def _scores(state: State) -> list[int]:
    """Each seat's final points (`scoring`'s totals of the game's end), in seat order; empty before the end."""
    return [score["total"] for score in sorted(state.scores, key=lambda score: score["seat"])]


def _validate_options(options: Mapping[str, object] | None, players: int) -> None:
    """Raise IllegalCommand('bad_options') unless a game with these options and players can start."""
    resolve(options, players)


RULES = CitadelsRules()
