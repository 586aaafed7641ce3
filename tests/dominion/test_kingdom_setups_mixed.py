"""Whole setups of kingdoms with the base game's cards: the rulebook's mixed sets, the base game's own, the
Shelter rule on a mixed kingdom, and random kingdoms from the base game. These need the base game's cards in
the engine (`dominion.cards`): they fail until those are there, and are not skipped then."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dominion import RULES
from dominion.options import BASE_FIRST_EDITION, BASE_SECOND_EDITION, DARK_AGES, RECOMMENDED


def _opening(options: dict[str, object], players: int, seed: int) -> dict[str, object]:
    return dict(RULES.setup(options, players, random.Random(seed))[0].public)


def _start(options: dict[str, object], players: int, seed: int) -> list[str]:
    state = RULES.fold(RULES.setup(options, players, random.Random(seed)))
    return sorted(state.names[c] for z in ("hand", "deck") for c in state.zones[0][z])


@pytest.mark.parametrize("name", sorted(RECOMMENDED))
def test_every_recommended_set_sets_up_a_game(name: str) -> None:
    for players in (2, 3, 6):
        opening = _opening({"recommended": name}, players, 1)
        assert opening["kingdom"] == sorted(RECOMMENDED[name])
        assert set(RECOMMENDED[name]) <= set(opening["supply"])  # type: ignore[arg-type]


def test_high_and_low_a_kingdom_card_drawn_at_random_decides_the_shelters() -> None:
    kingdom = sorted(RECOMMENDED["high_and_low"])
    shelters = []
    for seed in range(60):
        opening = _opening({"recommended": "high_and_low"}, 3, seed)
        # The draw of a named kingdom takes nothing from the random source: the Shelter pick comes first.
        assert opening["shelters"] == (random.Random(seed).choice(kingdom) in DARK_AGES)
        shelters.append(opening["shelters"])
    assert 15 < sum(shelters) < 45
    seed = shelters.index(False)
    assert _start({"recommended": "high_and_low"}, 3, seed) == ["copper"] * 7 + ["estate"] * 3
    seed = shelters.index(True)
    assert _start({"recommended": "high_and_low"}, 3, seed) == ["copper"] * 7 + ["hovel", "necropolis",
                                                                                  "overgrown_estate"]
    # Hermit brings the Madman pile; nothing else comes outside the Supply.
    assert _opening({"recommended": "high_and_low"}, 3, 0)["non_supply"] == ["madman"]


def test_an_explicit_shelters_option_wins_over_the_draw() -> None:
    assert all(_opening({"recommended": "chivalry_and_revelry", "shelters": False}, 2, s)["shelters"] is False
               for s in range(10))
    assert _start({"recommended": "first_game", "shelters": True}, 2, 0) == ["copper"] * 7 + [
        "hovel", "necropolis", "overgrown_estate"]


def test_chivalry_and_revelry_sizes_gardens_by_the_player_count() -> None:
    for players, gardens in ((2, 8), (3, 12), (5, 12)):
        sizes = _opening({"recommended": "chivalry_and_revelry"}, players, 0)["sizes"]
        assert sizes["gardens"] == gardens and sizes["knights"] == 10 and sizes["rats"] == 20  # type: ignore[index]
        assert sizes["estate"] == (8 if players == 2 else 12)  # type: ignore[index]


def test_the_base_games_sets_have_no_shelters_and_no_piles_outside_the_supply() -> None:
    for name in ("first_game", "first_game_first_edition", "size_distortion"):
        opening = _opening({"recommended": name}, 4, 3)
        assert opening["shelters"] is False and opening["non_supply"] == []
        assert _start({"recommended": name}, 4, 3) == ["copper"] * 7 + ["estate"] * 3
    assert _opening({"recommended": "size_distortion"}, 4, 3)["sizes"]["curse"] == 30  # type: ignore[index]


def test_random_kingdoms_from_the_base_game_and_from_all_sets() -> None:
    second = [_opening({"sets": ["base_second_edition"]}, 2, s)["kingdom"] for s in range(20)]
    assert all(set(k) <= set(BASE_SECOND_EDITION) for k in second)  # type: ignore[arg-type]
    first = [_opening({"sets": ["base_first_edition"], "at_least": {"base_first_edition": 10}}, 2, s)["kingdom"]
             for s in range(20)]
    assert all(set(k) <= set(BASE_FIRST_EDITION) for k in first)  # type: ignore[arg-type]
    drawn = Counter(p for s in range(100) for p in _opening({}, 2, s)["kingdom"])  # type: ignore[attr-defined]
    assert set(drawn) & set(BASE_SECOND_EDITION) and set(drawn) & set(DARK_AGES)
    assert not set(drawn) - set(BASE_SECOND_EDITION) - set(DARK_AGES)
    # With base cards in the default draw, Shelters now come with some random kingdoms and not with others.
    assert {_opening({}, 2, s)["shelters"] for s in range(40)} == {True, False}
    mixed = _opening({"at_least": {"dark_ages": 5, "base_second_edition": 5}}, 2, 7)["kingdom"]
    assert sum(p in DARK_AGES for p in mixed) == 5  # type: ignore[union-attr]
