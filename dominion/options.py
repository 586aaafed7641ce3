"""A new game's options: the kingdom (the boxes' card sets as data, the rulebooks' recommended sets, and
the draw) and the Shelters. `setup` checks the rest of its options (`shelters`, the tests' `decks`, `piles`).

A kingdom is 10 different kingdom piles, chosen by exactly one of these options (none: drawn at random):

* `kingdom`: the 10 pile ids;
* `recommended`: the name of a recommended set (`RECOMMENDED`);
* a random draw, shaped by `sets` (the sets to draw from, default `DEFAULT_SETS`), `at_least`
  ({set: N}, at least N piles of that set) and `ban` (pile ids never drawn).

A pile is accepted only when it belongs to a known set and the engine has its card (`dominion.cards`).
Shelters follow the Dark Ages rulebook ("Unterschlupf") unless the `shelters` option says otherwise:
`choose_shelters`. docs/rulings-dominion.md tells the defaults.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from rules_kit import IllegalCommand

from .cards import CARDS, DARK_AGES_PILES, FIRST_EDITION_ONLY

KINGDOM_SIZE = 10

DARK_AGES: tuple[str, ...] = DARK_AGES_PILES
"""The 35 kingdom piles of Dark Ages ("knights" is the pile of the 10 Knights), in the card data's order."""

BASE_SECOND_EDITION: tuple[str, ...] = (
    "cellar", "chapel", "moat", "harbinger", "merchant", "vassal", "village", "workshop", "bureaucrat", "gardens",
    "militia", "moneylender", "poacher", "remodel", "smithy", "throne_room", "bandit", "council_room", "festival",
    "laboratory", "library", "market", "mine", "sentry", "witch", "artisan",
)
"""The 26 kingdom piles of the base game's second edition (2016)."""

NEW_IN_SECOND_EDITION = frozenset({"artisan", "bandit", "harbinger", "merchant", "poacher", "sentry", "vassal"})

BASE_FIRST_EDITION_ONLY: tuple[str, ...] = FIRST_EDITION_ONLY
"""The 6 piles the first edition (2008) had and the second dropped."""

BASE_FIRST_EDITION: tuple[str, ...] = tuple(
    p for p in BASE_SECOND_EDITION if p not in NEW_IN_SECOND_EDITION
) + BASE_FIRST_EDITION_ONLY
"""The 25 kingdom piles of the first edition: the 19 kept in the second, and the 6 dropped ones."""

SETS: dict[str, tuple[str, ...]] = {
    "dark_ages": DARK_AGES,
    "base_second_edition": BASE_SECOND_EDITION,
    "base_first_edition": BASE_FIRST_EDITION,
}
"""The sets a random kingdom can be drawn from, by name (the two editions share 19 piles)."""

DEFAULT_SETS = ("dark_ages", "base_second_edition")
"""A random kingdom without `sets`: the current printings; the first edition's dropped cards only when named."""

RECOMMENDED: dict[str, tuple[str, ...]] = {
    # The Dark Ages rulebook: "Nur Dark Ages" (Leichenzug, Spiel mit dem Teufel) ...
    "grim_parade": ("armory", "band_of_misfits", "catacombs", "cultist", "forager", "fortress", "hunting_grounds",
                    "knights", "market_square", "procession"),
    "playing_chess_with_death": ("bandit_camp", "graverobber", "junk_dealer", "mystic", "pillage", "rats", "sage",
                                 "scavenger", "storeroom", "vagrant"),
    # ... and "Dark Ages und Basisspiel" (Auf und Ab, Ritterspiele): 5 piles of each.
    "high_and_low": ("hermit", "hunting_grounds", "mystic", "poor_house", "wandering_minstrel", "cellar",
                     "moneylender", "throne_room", "witch", "workshop"),
    "chivalry_and_revelry": ("altar", "knights", "rats", "scavenger", "squire", "festival", "gardens", "laboratory",
                             "library", "remodel"),
    # The base game's own: First Game (both editions) and Size Distortion.
    "first_game": ("cellar", "market", "merchant", "militia", "mine", "moat", "remodel", "smithy", "village",
                   "workshop"),
    "first_game_first_edition": ("cellar", "market", "militia", "mine", "moat", "remodel", "smithy", "village",
                                 "woodcutter", "workshop"),
    "size_distortion": ("artisan", "bandit", "bureaucrat", "chapel", "festival", "gardens", "sentry", "throne_room",
                        "witch", "workshop"),
}
"""The recommended kingdoms by name (their German and English names are the site's words)."""

KINGDOM_OPTIONS = frozenset({"kingdom", "recommended", "sets", "at_least", "ban"})


def _bad(reason: str, message: str, **params: object) -> IllegalCommand:
    """A `bad_options` refusal: `reason` and `params` for the site's words, `message` in English."""
    return IllegalCommand("bad_options", message, reason, params)


def set_of(pile: str) -> str:
    """The set a kingdom pile comes from, as the table labels it: "dark_ages", "base_second_edition" (in the
    current printing, most also in the first edition) or "base_first_edition" (the 6 dropped cards)."""
    if pile in DARK_AGES:
        return "dark_ages"
    return "base_first_edition" if pile in BASE_FIRST_EDITION_ONLY else "base_second_edition"


_KNOWN_PILES = frozenset(p for piles in SETS.values() for p in piles)


def known_pile(pile: str) -> bool:
    """Whether `pile` is a kingdom pile of one of the known sets (whether or not the engine has its card)."""
    return pile in _KNOWN_PILES


def engine_has(pile: str) -> bool:
    """Whether the engine can set up this kingdom pile: a pile of a known set whose card it knows."""
    return pile in _KNOWN_PILES and (pile == "knights" or pile in CARDS)


Has = Callable[[str], bool]


def playable_sets() -> list[str]:
    """The sets the engine can draw a kingdom from: those of which it has at least 10 piles."""
    return [name for name, piles in SETS.items() if sum(map(engine_has, piles)) >= KINGDOM_SIZE]


def choose_kingdom(options: dict[str, Any], rng: random.Random, has: Has = engine_has) -> list[str]:
    """The 10 kingdom piles of a new game, sorted: checked and taken from `kingdom` or `recommended`, or
    drawn with `rng` from `sets` under `at_least` and `ban`; IllegalCommand('bad_options') otherwise.
    `has` says which piles may be named or drawn (tests pass `known_pile` to draw piles by id alone)."""
    given = sorted(KINGDOM_OPTIONS & set(options))
    for fixed in ("kingdom", "recommended"):
        if fixed in given and len(given) > 1:
            raise _bad("conflicting_options", f"'{fixed}' cannot be combined with other kingdom options",
                              names=given)
    if "kingdom" in options:
        return _named_kingdom(options["kingdom"], has)
    if "recommended" in options:
        return _recommended(options["recommended"], has)
    return _draw(options, rng, has)


def _unknown(option: str, piles: Iterable[Any], has: Has) -> None:
    unknown = [str(p) for p in piles if not isinstance(p, str) or not has(p)]
    if unknown:
        raise _bad("unknown_ids", f"not kingdom piles of this game: {', '.join(unknown)}", option=option,
                          names=unknown)


def _named_kingdom(kingdom: Any, has: Has) -> list[str]:
    if not isinstance(kingdom, list) or len(kingdom) != KINGDOM_SIZE or len(set(map(str, kingdom))) != KINGDOM_SIZE:
        raise _bad("kingdom_size", "'kingdom' must list 10 different kingdom piles", option="kingdom",
                          count=KINGDOM_SIZE)
    _unknown("kingdom", kingdom, has)
    return sorted(kingdom)


def _recommended(name: Any, has: Has) -> list[str]:
    if not isinstance(name, str) or name not in RECOMMENDED:
        raise _bad("unknown_recommended", f"no recommended set {name!r}; one of {', '.join(RECOMMENDED)}",
                          option="recommended", names=[str(name)])
    _unknown("recommended", RECOMMENDED[name], has)
    return sorted(RECOMMENDED[name])


def _id_list(options: dict[str, Any], option: str, default: Iterable[str]) -> list[str]:
    value = options.get(option, list(default))
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad("not_a_list", f"'{option}' must be a list of ids", option=option)
    return value


def _draw(options: dict[str, Any], rng: random.Random, has: Has) -> list[str]:
    """10 piles at random: first each `at_least` set's shortfall from that set (in `SETS` order), then the
    rest from all chosen sets; the piles of all chosen sets are in `SETS` order, so the draw does not depend
    on the order the sets were named in."""
    sets = _id_list(options, "sets", DEFAULT_SETS)
    if not sets:
        raise _bad("no_sets", "'sets' must name at least one set", option="sets")
    unknown = sorted(set(sets) - set(SETS))
    if unknown:
        raise _bad("unknown_sets", f"no such sets: {', '.join(unknown)}; sets are {', '.join(SETS)}",
                          option="sets", names=unknown)
    ban = _id_list(options, "ban", ())
    _unknown("ban", ban, has)
    pools = {name: [p for p in piles if has(p) and p not in ban] for name, piles in SETS.items() if name in sets}
    everything = list(dict.fromkeys(p for pool in pools.values() for p in pool))
    if len(everything) < KINGDOM_SIZE:
        raise _bad("too_few_piles", f"only {len(everything)} piles are left to draw from",
                          count=len(everything), size=KINGDOM_SIZE)
    least = _at_least(options, pools)
    chosen: list[str] = []
    for name, pool in pools.items():
        short = least.get(name, 0) - sum(p in pool for p in chosen)
        if short > 0:
            chosen += rng.sample([p for p in pool if p not in chosen], short)
    chosen += rng.sample([p for p in everything if p not in chosen], KINGDOM_SIZE - len(chosen))
    return sorted(chosen)


def _at_least(options: dict[str, Any], pools: dict[str, list[str]]) -> dict[str, int]:
    """The `at_least` option checked against the chosen sets' pools (after the bans)."""
    least = options.get("at_least", {})
    if not isinstance(least, dict) or not all(
        isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= KINGDOM_SIZE for n in least.values()
    ):
        raise _bad("at_least_format", "'at_least' maps a set to a number from 0 to 10", option="at_least",
                          count=KINGDOM_SIZE)
    not_chosen = sorted(set(least) - set(pools))
    if not_chosen:
        raise _bad("at_least_not_chosen", f"'at_least' names sets not drawn from: {', '.join(not_chosen)}",
                          option="at_least", names=not_chosen)
    if sum(least.values()) > KINGDOM_SIZE:
        raise _bad("at_least_total", "'at_least' asks for more than 10 piles in all", option="at_least",
                          count=KINGDOM_SIZE)
    for name, count in least.items():
        if count > len(pools[name]):
            raise _bad("at_least_too_many", f"'at_least' asks for {count} piles of {name}, "
                              f"{len(pools[name])} can be drawn", option="at_least", set=name, count=count,
                              left=len(pools[name]))
    return dict(least)


def choose_shelters(options: dict[str, Any], kingdom: list[str], rng: random.Random) -> bool:
    """Whether the players start with Shelters: the `shelters` option if given; else the rulebook's rule
    ("Unterschlupf"): a kingdom all of Dark Ages, yes; none of Dark Ages, no; a mixed one, a kingdom pile
    drawn at random with `rng` decides (yes if it is of Dark Ages, Knights included)."""
    shelters = options.get("shelters")
    if shelters is not None:
        if not isinstance(shelters, bool):
            raise _bad("not_a_boolean", "'shelters' is true or false", option="shelters")
        return shelters
    dark = [pile in DARK_AGES for pile in kingdom]
    if all(dark) or not any(dark):
        return all(dark)
    return rng.choice(kingdom) in DARK_AGES
