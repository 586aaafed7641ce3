"""Games stored by an older engine keep replaying: each fixture (recorded by `fixtures/record.py` before the
Dark City, by `fixtures/record_dark.py` in event and snapshot format 2) folds to the same final views,
redactions and scores, and its mid-game snapshot (unversioned, or format 2) loads and folds on to the same end.

A view may gain keys in a later format (a new option shown, say); every key the old view had must still be
there with the same value, in every dict of every list.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from citadels import RULES

HERE = Path(__file__).resolve().parent / "fixtures"
BASE_GAME_FIXTURES = sorted(HERE.glob("game_*.json"))
FIXTURES = BASE_GAME_FIXTURES + sorted(HERE.glob("dark_city_*.json"))


def contains(new: Any, old: Any, where: str = "view") -> None:
    """Assert that `new` holds everything `old` held (dicts may have gained keys)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            assert key in new, f"{where}.{key} is gone"
            contains(new[key], value, f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), where
        for index, (a, b) in enumerate(zip(new, old, strict=True)):
            contains(a, b, f"{where}[{index}]")
    else:
        assert new == old, f"{where}: {new!r} != {old!r}"


@pytest.fixture(params=FIXTURES, ids=[p.stem for p in FIXTURES])
def game(request: pytest.FixtureRequest) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(request.param.read_text())
    return data


def test_there_are_games_of_two_to_seven_players_in_both_editions() -> None:
    games = [json.loads(p.read_text()) for p in BASE_GAME_FIXTURES]
    assert sorted(g["players"] for g in games) == [2, 3, 4, 5, 6, 7]
    assert {g["options"].get("edition", "2012") for g in games} == {"2000", "2012"}


def test_stored_game_folds_to_the_same_views_and_scores(game: dict[str, Any]) -> None:
    history = [RULES.decode(e) for e in game["events"]]
    state = RULES.fold(history)
    assert [dict(s) for s in state.scores] == game["scores"]
    assert list(state.winners) == game["winners"]
    for seat, seen in game["views"].items():
        contains(RULES.view(state, int(seat)), seen, f"view[{seat}]")
    contains(RULES.view(state, None), game["spectator_view"], "spectator view")
    for who, redactions in game["redacted"].items():
        seat = None if who == "spectator" else int(who)
        for event, seen in zip(history, redactions, strict=True):
            contains(RULES.redact(event, seat), seen, f"redact({event.type}, {who})")


def test_stored_events_encode_as_they_were_stored(game: dict[str, Any]) -> None:
    for data in game["events"]:
        again = RULES.encode(RULES.decode(data))
        contains(again, {k: v for k, v in data.items() if k != "v"}, data["type"])


def test_stored_snapshot_loads_and_folds_on_to_the_same_end(game: dict[str, Any]) -> None:
    history = [RULES.decode(e) for e in game["events"]]
    state = RULES.load_state(game["snapshot"])
    assert state == RULES.fold(history[: game["snapshot_at"]])
    final = RULES.fold(history[game["snapshot_at"]:], state)
    assert [dict(s) for s in final.scores] == game["scores"]
    for seat, seen in game["views"].items():
        contains(RULES.view(final, int(seat)), seen, f"view[{seat}]")


def test_format_two_snapshots_upcast_to_the_fold_of_the_same_events() -> None:
    """Every snapshot the format-2 engine dumped (every 25 events of a Dark City game with a Poor House, a Tax
    Collector, a Lighthouse and a Ball Room) loads, is upcast to the current format, and equals the fold of the
    events it was dumped after: a stored snapshot still passes the log's integrity check."""
    game = json.loads((HERE / "dark_city_5p_format2.json").read_text())
    history = [RULES.decode(e) for e in game["events"]]
    assert {e["v"] for e in game["events"]} == {2} and len(game["snapshots"]) > 10
    for at, dumped in game["snapshots"].items():
        assert dumped["format"] == 2
        state = RULES.load_state(dumped)
        assert state == RULES.fold(history[: int(at)]), at
        assert RULES.load_state(RULES.dump_state(state)) == state


def test_format_two_back_tax_on_the_poor_house_coin_replays_as_stored() -> None:
    """The format-2 engine let the Tax Collector's back tax take the Poor House's coin and the Poor House pay
    again (now the coin is safe). The stored game keeps what happened: its events fold to the same gold, and the
    state keeps no safe coin (the old `bonus_gold` events mark none)."""
    game = json.loads((HERE / "dark_city_5p_format2.json").read_text())
    history = [RULES.decode(e) for e in game["events"]]
    kinds = [(e.type, e.public.get("seat"), e.public.get("reason")) for e in history]
    coin = kinds.index(("bonus_gold", 0, "poor_house"))
    assert kinds[coin + 3: coin + 5] == [("gold_paid", 0, "tax"), ("bonus_gold", 0, "poor_house")]
    before, after = RULES.fold(history[: coin + 1]), RULES.fold(history[: coin + 5])
    assert before.players[0].gold == 1 and after.players[0].gold == 1
    assert after.players[after.holder("tax_collector")].gold == before.players[before.holder("tax_collector")].gold + 1
    assert after.alms == () and RULES.load_state(game["snapshots"]["350"]).alms == ()
