"""The kingdom of a new game: the sets, the recommended kingdoms, the random draw under its constraints, and
the rulebook's Shelter rule. The draw is tested by pile ids alone (`has=known_pile`), so it covers the base
game's piles before the engine plays them; real setups here use Dark Ages kingdoms only
(test_kingdom_setups_mixed.py sets up kingdoms with base cards)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominion import RULES, IllegalCommand
from dominion.cards import CARDS, PILE_NAMES
from dominion.options import (
    BASE_FIRST_EDITION,
    BASE_FIRST_EDITION_ONLY,
    BASE_SECOND_EDITION,
    DARK_AGES,
    DEFAULT_SETS,
    RECOMMENDED,
    SETS,
    choose_kingdom,
    choose_shelters,
    engine_has,
    known_pile,
    set_of,
)

# The base game's German names (reference: dominion-base-game.md), for the rulebook's mixed sets.
BASE_GERMAN = {
    "Keller": "cellar", "Geldverleiher": "moneylender", "Thronsaal": "throne_room", "Hexe": "witch",
    "Werkstatt": "workshop", "Bibliothek": "library", "Gärten": "gardens", "Jahrmarkt": "festival",
    "Laboratorium": "laboratory", "Umbau": "remodel",
}
# The Dark Ages rulebook (seed 004, "EMPFOHLENE 10ER-SÄTZE"), word for word.
RULEBOOK = {
    "grim_parade": "Festung, Jagdgründe, Katakomben, Kultist, Marktplatz, Mundraub, Prozession, Ritter, Vogelfreie, "
                   "Waffenkammer",
    "playing_chess_with_death": "Banditenlager, Grabräuber, Lagerraum, Landstreicher, Lumpensammler, Medium, Ratten, "
                                "Raubzug, Schrotthändler, Weiser",
    "high_and_low": "Armenhaus, Barde, Eremit, Jagdgründe, Medium / Geldverleiher, Hexe, Keller, Thronsaal, Werkstatt",
    "chivalry_and_revelry": "Altar, Knappe, Lumpensammler, Ratten, Ritter / Bibliothek, Gärten, Jahrmarkt, "
                            "Laboratorium, Umbau",
}
FIRST_GAME = {"cellar", "market", "merchant", "militia", "mine", "moat", "remodel", "smithy", "village", "workshop"}


def _ids(german: str) -> set[str]:
    by_name = {c.de: c.id for c in CARDS.values()} | {PILE_NAMES["knights"][0]: "knights"} | BASE_GERMAN
    return {by_name[name.strip()] for name in german.replace("/", ",").split(",")}


def _refusal(options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    with pytest.raises(IllegalCommand) as refused:
        choose_kingdom(options, random.Random(0), has=known_pile)
    assert refused.value.code == "bad_options"
    return refused.value.reason, refused.value.params


def test_the_sets_as_the_boxes_hold_them() -> None:
    assert len(DARK_AGES) == 35 and "knights" in DARK_AGES and all(map(engine_has, DARK_AGES))
    assert len(BASE_SECOND_EDITION) == 26 and len(BASE_FIRST_EDITION) == 25
    kept = set(BASE_SECOND_EDITION) & set(BASE_FIRST_EDITION)
    assert len(kept) == 19 and set(BASE_FIRST_EDITION) == kept | set(BASE_FIRST_EDITION_ONLY)
    assert set(BASE_SECOND_EDITION) - kept == {"artisan", "bandit", "harbinger", "merchant", "poacher", "sentry", "vassal"}
    assert not set(DARK_AGES) & (set(BASE_SECOND_EDITION) | set(BASE_FIRST_EDITION))
    assert [set_of(p) for p in ("knights", "cellar", "artisan", "woodcutter")] == [
        "dark_ages", "base_second_edition", "base_second_edition", "base_first_edition"]


@pytest.mark.parametrize("name", sorted(RULEBOOK))
def test_the_rulebooks_recommended_sets_are_exact(name: str) -> None:
    assert set(RECOMMENDED[name]) == _ids(RULEBOOK[name]) and len(RECOMMENDED[name]) == 10
    assert choose_kingdom({"recommended": name}, random.Random(0), has=known_pile) == sorted(_ids(RULEBOOK[name]))


def test_the_base_games_own_recommended_sets_are_exact() -> None:
    assert set(RECOMMENDED["first_game"]) == FIRST_GAME
    assert set(RECOMMENDED["first_game_first_edition"]) == FIRST_GAME - {"merchant"} | {"woodcutter"}
    assert set(RECOMMENDED["size_distortion"]) == {
        "artisan", "bandit", "bureaucrat", "chapel", "festival", "gardens", "sentry", "throne_room", "witch", "workshop"}
    assert len(RECOMMENDED) == 7


@pytest.mark.parametrize("name", ["grim_parade", "playing_chess_with_death"])
def test_the_dark_ages_recommended_sets_set_up_a_game(name: str) -> None:
    opening = RULES.setup({"recommended": name}, 3, random.Random(5))[0].public
    assert opening["kingdom"] == sorted(RECOMMENDED[name]) and opening["shelters"] is True
    state = RULES.fold(RULES.setup({"recommended": name}, 3, random.Random(5)))
    start = sorted(state.names[c] for z in ("hand", "deck") for c in state.zones[0][z])
    assert start == ["copper"] * 7 + ["hovel", "necropolis", "overgrown_estate"]
    # Ruins come with Cultist (Grim Parade), Spoils with Bandit Camp and Pillage (the other), nothing else.
    assert ("ruins" in state.piles) == (name == "grim_parade")
    assert ("spoils" in state.piles) == (name == "playing_chess_with_death")
    assert "madman" not in state.piles and "mercenary" not in state.piles


def test_a_draw_is_seeded_and_ignores_the_order_the_sets_are_named_in() -> None:
    options = {"sets": ["base_first_edition", "dark_ages"], "at_least": {"base_first_edition": 4}, "ban": ["rats"]}
    drawn = choose_kingdom(options, random.Random(11), has=known_pile)
    assert drawn == choose_kingdom(options, random.Random(11), has=known_pile)
    assert drawn == choose_kingdom({**options, "sets": ["dark_ages", "base_first_edition"]}, random.Random(11),
                                   has=known_pile)
    assert {tuple(choose_kingdom(options, random.Random(s), has=known_pile)) for s in range(20)} != {tuple(drawn)}


def test_without_options_the_draw_is_from_the_current_printings_the_engine_has() -> None:
    allowed = {p for name in DEFAULT_SETS for p in SETS[name] if engine_has(p)}
    drawn = [choose_kingdom({}, random.Random(s)) for s in range(50)]
    assert all(set(k) <= allowed and len(set(k)) == 10 for k in drawn)
    assert set(BASE_FIRST_EDITION_ONLY).isdisjoint(choose_kingdom({}, random.Random(s), has=known_pile)[0]
                                                   for s in range(200))
    # Dark Ages alone draws as this engine always has: 10 of the 35 piles in the card data's order.
    assert choose_kingdom({"sets": ["dark_ages"]}, random.Random(3)) == sorted(random.Random(3).sample(DARK_AGES, 10))


_SET_NAMES = sorted(SETS)


@st.composite
def _random_options(draw: st.DrawFn) -> dict[str, Any]:
    sets = draw(st.lists(st.sampled_from(_SET_NAMES), min_size=1, max_size=3, unique=True))
    pool = sorted({p for name in sets for p in SETS[name]})
    ban = draw(st.lists(st.sampled_from(pool), max_size=len(pool), unique=True))
    at_least = draw(st.dictionaries(st.sampled_from(sets), st.integers(0, 10), max_size=len(sets)))
    return {"sets": sets, "ban": ban, "at_least": at_least}


@settings(max_examples=300, deadline=None)
@given(options=_random_options(), seed=st.integers(0, 2**32))
def test_any_options_give_ten_allowed_piles_or_say_which_constraint_fails(options: dict[str, Any], seed: int) -> None:
    pools = {name: set(SETS[name]) - set(options["ban"]) for name in options["sets"]}
    allowed = set().union(*pools.values())
    least = options["at_least"]
    possible = len(allowed) >= 10 and sum(least.values()) <= 10 and all(n <= len(pools[s]) for s, n in least.items())
    if not possible:
        reason, _params = _refusal(options)
        assert reason in ("too_few_piles", "at_least_total", "at_least_too_many")
        return
    kingdom = choose_kingdom(options, random.Random(seed), has=known_pile)
    assert len(set(kingdom)) == 10 and set(kingdom) <= allowed and kingdom == sorted(kingdom)
    assert not set(kingdom) & set(options["ban"])
    assert all(len(set(kingdom) & pools[name]) >= n for name, n in least.items())


@pytest.mark.parametrize("options, reason", [
    ({"kingdom": ["altar"] * 10}, "kingdom_size"),
    ({"kingdom": DARK_AGES[:9]}, "kingdom_size"),
    ({"kingdom": "altar"}, "kingdom_size"),
    ({"kingdom": [*DARK_AGES[:9], "dame_anna"]}, "unknown_ids"),
    ({"kingdom": list(DARK_AGES[:10]), "recommended": "grim_parade"}, "conflicting_options"),
    ({"recommended": "grim_parade", "ban": ["altar"]}, "conflicting_options"),
    ({"kingdom": list(DARK_AGES[:10]), "sets": ["dark_ages"]}, "conflicting_options"),
    ({"recommended": "Leichenzug"}, "unknown_recommended"),
    ({"recommended": ["grim_parade"]}, "unknown_recommended"),
    ({"sets": "dark_ages"}, "not_a_list"),
    ({"sets": []}, "no_sets"),
    ({"sets": ["dark_ages", "intrigue"]}, "unknown_sets"),
    ({"ban": "rats"}, "not_a_list"),
    ({"ban": ["rats", "copper"]}, "unknown_ids"),
    ({"sets": ["dark_ages"], "ban": list(DARK_AGES[:26])}, "too_few_piles"),
    ({"at_least": {"dark_ages": 11}}, "at_least_format"),
    ({"at_least": {"dark_ages": True}}, "at_least_format"),
    ({"at_least": ["dark_ages"]}, "at_least_format"),
    ({"sets": ["dark_ages"], "at_least": {"base_second_edition": 2}}, "at_least_not_chosen"),
    ({"at_least": {"dark_ages": 6, "base_second_edition": 5}}, "at_least_total"),
    ({"sets": ["dark_ages", "base_first_edition"], "ban": list(BASE_FIRST_EDITION[:20]),
      "at_least": {"base_first_edition": 6}}, "at_least_too_many"),
])
def test_bad_kingdom_options_are_refused_with_their_reason(options: dict[str, Any], reason: str) -> None:
    assert _refusal(options)[0] == reason


def _refused_setup(options: dict[str, Any]) -> dict[str, Any]:
    with pytest.raises(IllegalCommand) as refused:
        RULES.setup(options, 2, random.Random(0))
    assert refused.value.reason == "unknown_ids"
    return dict(refused.value.params)


def test_the_engine_refuses_piles_it_cannot_set_up_and_names_them(monkeypatch: pytest.MonkeyPatch) -> None:
    kingdom = ["altar", "armory", "beggar", "count", "feodum", "forager", "hermit", "mystic", "rats", "sage"]
    assert RULES.setup({"kingdom": kingdom}, 2, random.Random(0))
    assert _refused_setup({"kingdom": [*kingdom[:9], "village_green"]}) == {"option": "kingdom",
                                                                            "names": ["village_green"]}
    monkeypatch.delitem(CARDS, "mystic")  # a pile of a known set whose card the engine lacks
    assert _refused_setup({"kingdom": kingdom}) == {"option": "kingdom", "names": ["mystic"]}
    assert _refused_setup({"ban": ["mystic"]}) == {"option": "ban", "names": ["mystic"]}
    assert all("mystic" not in choose_kingdom({"sets": ["dark_ages"]}, random.Random(s)) for s in range(20))


MIXED = ["hermit", "hunting_grounds", "mystic", "poor_house", "wandering_minstrel", "cellar", "moneylender",
         "throne_room", "witch", "workshop"]


def test_shelters_follow_the_rulebook_unless_chosen() -> None:
    assert choose_shelters({}, sorted(DARK_AGES[:10]), random.Random(0)) is True
    assert choose_shelters({}, sorted(BASE_SECOND_EDITION[:10]), random.Random(0)) is False
    assert choose_shelters({"shelters": False}, sorted(DARK_AGES[:10]), random.Random(0)) is False
    assert choose_shelters({"shelters": True}, sorted(MIXED), random.Random(0)) is True
    # A mixed kingdom: one of the 10 piles drawn with the game's random source; a Dark Ages one means Shelters.
    drawn = [choose_shelters({}, sorted(MIXED), random.Random(s)) for s in range(200)]
    assert drawn == [random.Random(s).choice(sorted(MIXED)) in DARK_AGES for s in range(200)]
    assert 70 < sum(drawn) < 130  # 5 of 10 piles are Dark Ages
    one_dark = sorted(["knights", *BASE_SECOND_EDITION[:9]])  # Knights counts as a Dark Ages pile
    assert 0 < sum(choose_shelters({}, one_dark, random.Random(s)) for s in range(100)) < 30
    with pytest.raises(IllegalCommand):
        choose_shelters({"shelters": "yes"}, sorted(MIXED), random.Random(0))
