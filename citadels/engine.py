"""`RULES`: the one object the hosting, the bots and the tests use to play Citadels."""

from __future__ import annotations

from typing import Any

from rules_kit.engine import GameRules

from .bots import BOTS
from .cards import CHARACTERS
from .chapters import CHAPTERS
from .commands import COMMAND_SHAPES
from .decide import awaiting, decide
from .events import CODEC
from .evolve import FOLD
from .legal import legal_commands
from .options import Rules, resolve
from .questions import question
from .scoring import standings
from .setup import setup
from .snapshot import dump_state, load_state
from .state import State
from .takeback import reveals
from .views import view


class CitadelsRules(GameRules[State, dict[str, Any]]):
    """The rules of Citadels as a decider; every method is pure."""

    def __init__(self) -> None:
        super().__init__(
            "citadels", codec=CODEC, fold=FOLD, setup=setup, decide=decide, read_command=dict, awaiting=awaiting,
            legal_commands=legal_commands, view=view, dump_state=dump_state, load_state=load_state,
            validate_options=_validate_options, command_shapes=COMMAND_SHAPES, resigned=_resigned, reveals=reveals,
            question=question, chapters=CHAPTERS, bots=BOTS, standings=standings,
        )

    def deck(self, options: dict[str, Any] | None) -> list[str]:
        """The district ids of the deck a game with these options uses, one per card."""
        return list(_any_table(options).deck)

    def characters(self, options: dict[str, Any] | None) -> list[str]:
        """The game's character ids in rank order; with `random_characters`, all 18 it may draw from (the
        drawn set is in the setup event and the views)."""
        if (options or {}).get("random_characters") is True:
            return sorted(CHARACTERS, key=lambda c: CHARACTERS[c].rank)
        return sorted(_any_table(options).characters, key=lambda c: CHARACTERS[c].rank)


def _resigned(state: State) -> frozenset[int]:
    """The seats whose player resigned."""
    return frozenset(state.resigned)


def _validate_options(options: dict[str, Any] | None, players: int) -> None:
    """Raise IllegalCommand('bad_options') unless a game with these options and players can start."""
    resolve(options, players)


def _any_table(options: dict[str, Any] | None) -> Rules:
    """The options resolved for a table of a size they allow (8 players for 9 characters, else 5): the
    checks that depend on the number of players are made when the game is set up."""
    options = {k: v for k, v in (options or {}).items() if k != "character_orders"}
    given = options.get("characters")
    nine = options.get("random_characters") is True or (isinstance(given, list) and len(given) == 9)
    return resolve(options, 8 if nine else 5)


RULES = CitadelsRules()
