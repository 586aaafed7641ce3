"""Dominion games stored by an older engine keep replaying: each fixture (recorded by `fixtures/record.py`
with the Dark Ages engine, before the base game's cards) folds to the same views at several points, the
same redactions and the same scores, and its mid-game snapshot loads and folds on to the same end.

A view may gain keys in a later format; every key the old view had must still be there with the same value.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dominion import RULES

from ..citadels.test_stored_games import contains

FIXTURES = sorted((Path(__file__).resolve().parent / "fixtures").glob("game_*.json"))


@pytest.fixture(params=FIXTURES, ids=[p.stem for p in FIXTURES])
def game(request: pytest.FixtureRequest) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(request.param.read_text())
    return data


def test_there_are_games_of_two_to_six_players() -> None:
    assert sorted(json.loads(p.read_text())["players"] for p in FIXTURES) == [2, 3, 4, 5, 6]


def test_stored_game_folds_to_the_same_views_and_scores(game: dict[str, Any]) -> None:
    history = [RULES.decode(e) for e in game["events"]]
    for point in game["checkpoints"]:
        state = RULES.fold(history[: point["at"]])
        for seat, seen in point["views"].items():
            contains(RULES.view(state, int(seat)), seen, f"view[{seat}] at {point['at']}")
        contains(RULES.view(state, None), point["spectator_view"], f"spectator view at {point['at']}")
    state = RULES.fold(history)
    assert [dict(s) for s in state.scores] == game["scores"]
    assert list(state.winners) == game["winners"]
    for who, redactions in game["redacted"].items():
        seat = None if who == "spectator" else int(who)
        for event, seen in zip(history, redactions, strict=True):
            contains(RULES.redact(event, seat), seen, f"redact({event.type}, {who})")


def test_stored_events_encode_as_they_were_stored(game: dict[str, Any]) -> None:
    for data in game["events"]:
        again = RULES.encode(RULES.decode(data))
        assert RULES.decode(again) == RULES.decode(data)
        contains(again, {k: v for k, v in data.items() if k != "v"}, data["type"])


def test_unversioned_snapshot_loads_and_folds_on_to_the_same_end(game: dict[str, Any]) -> None:
    history = [RULES.decode(e) for e in game["events"]]
    state = RULES.load_state(game["snapshot"])
    assert state == RULES.fold(history[: game["snapshot_at"]])
    final = RULES.fold(history[game["snapshot_at"]:], state)
    assert [dict(s) for s in final.scores] == game["scores"]
    for seat, seen in game["checkpoints"][-1]["views"].items():
        contains(RULES.view(final, int(seat)), seen, f"view[{seat}]")
