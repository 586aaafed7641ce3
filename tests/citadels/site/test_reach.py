"""Citadels with Dark City, 2 to 8 players: at every decision point of seeded bot games, every legal command
of every awaited seat can be sent from the table (a button or a card choice) and by an email reply
(its number or its words); see tests/games/reach_checks.py. Dominion's are in tests/dominion/site/test_reach.py."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import translation

from citadels import RULES
from citadels.bots import heuristic_bot, random_bot
from citadels.cards import BASE_PURPLE, DARK_CITY_PURPLE
from games.registry import get_kind
from tests.citadels.scenario import drafted
from tests.games.reach_checks import Tally, check_email, check_page, play_and_check, table_html

KIND = get_kind("citadels")
EVERY_PURPLE = [*BASE_PURPLE, *DARK_CITY_PURPLE]
Bot = Callable[[Any, int, random.Random], dict[str, Any]]
MORE_GAMES = range(7, 42)  # after the 7 of the first test: 35 games, 5 at each player count


def _options(game: int, players: int) -> dict[str, Any]:
    """Dark City characters (a random set, 9 from 4 players on) and districts, in each edition's readings."""
    edition = ("2012", "2000", "online")[game % 3] if players > 2 else ("2012", "2000")[game % 2]  # online: 3+
    options: dict[str, Any] = {"edition": edition, "random_characters": True}
    if game % 2:
        options["purple"] = EVERY_PURPLE
    else:
        options["dark_city_districts"] = len(DARK_CITY_PURPLE)
    if players == 3 and edition != "online":
        del options["random_characters"]  # 9 characters at 3 players only with the online rules
        options["characters"] = ["witch", "thief", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat"]
    return options


def play_reached(seed: int, players: int, tally: Tally, words_every: int = 1) -> None:
    """One game; every awaited seat's page and email checked at every decision point."""
    rng = random.Random(seed)
    bots: list[Bot] = [random_bot if (seed + s) % 2 else heuristic_bot for s in range(players)]
    state = RULES.fold(RULES.setup(_options(seed, players), players, rng))
    play_and_check(KIND, state, bots, rng, tally, words_every,
                   lambda view: str((view.get("draft") or {}).get("action") or "turn"))


def _play_many(seeds: range, tally: Tally, words_every: int = 1) -> None:
    with translation.override("en"):
        for seed in seeds:
            play_reached(seed, 2 + seed % 7, tally, words_every)


def test_every_citadels_move_is_reachable_from_the_page_and_by_email() -> None:
    started, tally = time.perf_counter(), Tally()
    _play_many(range(7), tally, words_every=4)
    print(f"citadels: 7 games, {tally.points} decision points, {tally.commands} commands on the page, "
          f"{tally.replies} replies, {time.perf_counter() - started:.1f} s; longest lists {dict(tally.longest)}")
    assert tally.points > 1000
    assert max(tally.longest.values()) <= 40, tally.longest


@pytest.mark.slow
@pytest.mark.parametrize("seed", MORE_GAMES)
def test_every_citadels_move_is_reachable_in_many_more_games(seed: int) -> None:
    """One game each, so that the workers share the 70 games (one test of them all ran for minutes alone)."""
    tally = Tally()
    _play_many(range(seed, seed + 1), tally)
    assert max(tally.longest.values()) <= 40, tally.longest


def test_the_lighthouses_search_and_its_decline_are_reachable_from_the_page_and_by_email() -> None:
    """Built, the Lighthouse asks whether to search the deck (seed 000: "darf ... durchsuchen"): both answers
    are a button on the page and a choice of the turn email, in either language."""
    table = drafted(["king", "bishop", "merchant", "warlord"], ("thief", "magician"), "assassin")
    table.set(0, gold=10, hand=["lighthouse"])
    table.income()
    table.do("build", district="lighthouse")
    legal = RULES.legal_commands(table.state, 0)
    assert legal == [{"type": "search_deck"}, {"type": "decline_search"}]
    names, tally = {s: f"Player {s}" for s in range(4)}, Tally()
    for language in ("en", "de"):
        with translation.override(language):
            html = table_html(KIND, RULES.view(table.state, 0), 0, names, legal)
            check_page(KIND, table.state, 0, html, legal, tally)
            check_email(KIND, table.state, 0, names, legal, tally, "lighthouse")
    assert tally.commands == 4 and tally.replies >= 4
