"""The end-of-game mail reads the result through the game's rules (`GameRules.scores`, `standings`,
`resigned`), never through its view: a kind whose view holds no scores, winners or resigned seats still
gets its final scores, its winner and its resigned seat told right."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from accounts.models import User
from games.models import Game
from games.registry import GameKind, kinds
from notifications import letters
from rules_kit.engine import GameRules
from rules_kit.events import EventCodec
from rules_kit.fold import Fold

SCORES = [3, 7, 5]
PLACES = [3, 1, 2]  # by the scores alone, seat 1 would win...
RESIGNED = frozenset({1})  # ...but it resigned: placed last, seat 2 wins


def _ends(state: int, seat: int, rng: random.Random) -> dict[str, object]:
    return {"type": "pass"}


def _rules() -> GameRules[int, dict[str, object]]:
    """A finished game of 3 seats whose view tells nothing of its result."""
    fold: Fold[int, list[int]] = Fold(lambda event: 0, {}, lambda state: [state], lambda work: work[0])
    return GameRules(
        "board", codec=EventCodec(1), fold=fold, setup=lambda options, players, rng: [],
        decide=lambda state, seat, command, rng: [], read_command=dict, awaiting=lambda state: [],
        legal_commands=lambda state, seat: [], view=lambda state, seat: {"board": []}, dump_state=lambda state: {},
        load_state=lambda data: 0, validate_options=lambda options, players: None, command_shapes=(),
        resigned=lambda state: RESIGNED, standings=lambda state: list(PLACES), scores=lambda state: list(SCORES),
        bots={"best": _ends}, min_players=2, max_players=3,
    )


@pytest.fixture
def board_kind() -> Iterator[GameKind]:
    """A third kind (no site: the end mail needs none), registered for one test."""
    kind = kinds.register(GameKind("board", "Board", _rules()))
    yield kind
    kinds.remove(kind.name)


def test_the_end_mail_of_a_kind_without_scores_in_its_view_tells_them(board_kind: GameKind) -> None:
    users = {seat: User(display_name=name, language="en") for seat, name in enumerate(("Ann", "Bob", "Cem"))}
    game = Game(pk=4242, kind=board_kind.name, players=3)
    assert "scores" not in board_kind.rules.view(0, 0)
    letter = letters.ended(game, 0, 0, users[0], users)
    assert letter.subject == "Board #4242 is over"
    assert "Winner: Cem" in letter.intro
    # Highest score first, the resigned seat marked (and not the winner for all its points).
    assert dict(letter.sections)["Final scores"] == ["Bob: 7 points (resigned)", "Cem: 5 points", "Ann (you): 3 points"]
