"""`RULES`: the one object the hosting, the bots and the tests use to play Dominion."""

from __future__ import annotations

import random
from typing import Any, cast

from rules_kit.engine import Bot, GameRules

from .bots import BOTS
from .chapters import CHAPTERS
from .commands import COMMAND_SHAPES
from .decide import awaiting, decide
from .events import CODEC
from .evolve import FOLD
from .legal import legal_commands
from .questions import question
from .scoring import standings
from .setup import MAX_PLAYERS, MIN_PLAYERS, setup
from .snapshot import dump_state, load_state
from .state import State
from .takeback import reveals
from .views import view


class DominionRules(GameRules[State, dict[str, Any]]):
    """The rules of Dominion with Dark Ages as a decider; every method is pure. `legal_commands` lists a
    representative set where the answers are very many."""

    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS

    def __init__(self) -> None:
        super().__init__(
            "dominion", codec=CODEC, fold=FOLD, setup=setup, decide=decide, read_command=dict, awaiting=awaiting,
            legal_commands=_legal_commands, view=view, dump_state=dump_state, load_state=load_state,
            validate_options=_validate_options, command_shapes=COMMAND_SHAPES, resigned=_resigned, reveals=reveals,
            question=question, chapters=CHAPTERS, standings=standings,
            # The bots' typed `Command`s are the JSON objects `decide` reads (the cast goes when the rules take `Command`).
            bots=cast("dict[str, Bot[State, dict[str, Any]]]", BOTS),
        )


def _legal_commands(state: State, seat: int) -> list[dict[str, Any]]:
    """`legal.legal_commands` as the JSON objects `GameRules` speaks of (a `Command` is one, typed)."""
    return cast(list[dict[str, Any]], legal_commands(state, seat))


def _resigned(state: State) -> frozenset[int]:
    """The seats whose player resigned."""
    return frozenset(state.resigned)


def _validate_options(options: dict[str, Any] | None, players: int) -> None:
    """Raise IllegalCommand('bad_options') unless a game with these options and players can start."""
    setup(options, players, random.Random(0))


RULES = DominionRules()
