"""What the hosting needs of a game's rules besides playing it, as members of its `GameRules`: the bots (the
one named `stand_in` plays an absent seat), the standings at the end (the places the ratings read)
and the scores (each seat's points, which the end-of-game mail lists)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from citadels import RULES as CITADELS
from dominion import RULES as DOMINION
from rules_kit import EventCodec
from rules_kit.engine import STAND_IN, Bot, GameRules
from rules_kit.fold import Fold
from rules_kit.simulate import play

GAMES = pytest.mark.parametrize("rules", [CITADELS, DOMINION], ids=["citadels", "dominion"])


@GAMES
def test_the_stand_in_is_the_best_bot_and_sends_a_legal_command(rules: GameRules[Any, Any]) -> None:
    assert rules.stand_in == STAND_IN == "best"
    assert rules.stand_in_bot is rules.bots["best"]
    assert {"random", "heuristic", "best"} <= set(rules.bots)
    rng = random.Random(3)
    state = rules.fold(rules.setup({}, 3, rng))
    for _ in range(12):
        seat = rules.awaiting(state)[0]
        command = rules.stand_in_bot(state, seat, rng)
        assert dict(command) in [dict(legal) for legal in rules.legal_commands(state, seat)]
        state = rules.fold(rules.decide(state, seat, rules.normalize_command(command), rng), state)


@GAMES
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_standings_place_the_winners_first_and_share_no_other_place_wrongly(rules: GameRules[Any, Any], seed: int) -> None:
    state, _history = play(rules, [rules.bots["heuristic"]] * 3, random.Random(seed))
    places = rules.standings(state)
    assert len(places) == 3 and all(1 <= place <= 3 for place in places)
    assert {seat for seat, place in enumerate(places) if place == 1} == set(state.winners)
    # A place is shared only by a tie: the next place skips the seats that share one (1, 1, 3).
    assert all(sum(1 for other in places if other < place) == place - 1 for place in places)



@GAMES
@pytest.mark.parametrize("seed", [1, 2])
def test_the_scores_are_each_seats_points_at_the_end_and_agree_with_the_places(rules: GameRules[Any, Any], seed: int) -> None:
    assert rules.scores(rules.fold(rules.setup({}, 3, random.Random(seed)))) == []
    state, _history = play(rules, [rules.bots["heuristic"]] * 3, random.Random(seed))
    scores, places = rules.scores(state), rules.standings(state)
    assert len(scores) == 3 and any(score > 0 for score in scores)
    # More points never take a worse place (the tie-breaks order only equal points).
    assert all(places[a] <= places[b] for a in range(3) for b in range(3) if scores[a] > scores[b])


def _toy(bots: Mapping[str, Bot[int, dict[str, object]]], stand_in: str = STAND_IN) -> GameRules[int, dict[str, object]]:
    """A game of nothing: enough rules to build a `GameRules` with these bots (and stand-in)."""
    fold: Fold[int, list[int]] = Fold(lambda event: 0, {}, lambda state: [state], lambda work: work[0])
    return GameRules(
        "toy", codec=EventCodec(1), fold=fold, setup=lambda options, players, rng: [],
        decide=lambda state, seat, command, rng: [], read_command=dict, awaiting=lambda state: [],
        legal_commands=lambda state, seat: [], view=lambda state, seat: {}, dump_state=lambda state: {},
        load_state=lambda data: 0, validate_options=lambda options, players: None, command_shapes=(),
        resigned=lambda state: frozenset(), standings=lambda state: [1], scores=lambda state: [0], bots=bots, stand_in=stand_in,
        min_players=1, max_players=4,
    )


def _ends(state: int, seat: int, rng: random.Random) -> dict[str, object]:
    return {"type": "end_turn"}


def test_the_stand_in_must_be_one_of_the_games_bots() -> None:
    with pytest.raises(ValueError, match="'best' is not one of the game's bots"):
        _toy(bots={"random": _ends})
    assert _toy(bots={"random": _ends}, stand_in="random").stand_in_bot is _ends
