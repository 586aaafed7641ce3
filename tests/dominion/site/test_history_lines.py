"""Dominion's history reads like dominion.games' log (issue 20): one line per thing that happened, told on
recorded games (tests/dominion/fixtures) and fresh ones of the base cards, as each seat may see them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from dominion import RULES
from dominion.bots import heuristic_bot, random_bot
from dominion.cards import BASE_PILES
from dominion.simulate import play
from dominion.site import describe_chapter, describe_events

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NAMES = {0: "Anna", 1: "Ben", 2: "Cleo", 3: "Dan", 4: "Eve", 5: "Finn"}


def _recorded(name: str) -> list[Any]:
    return [RULES.decode(e) for e in json.loads((FIXTURES / name).read_text())["events"]]


def _lines(events: list[Any], seat: int | None) -> list[tuple[int, int, str]]:
    return describe_events([RULES.redact(e, seat) for e in events], NAMES)


def _no_bookkeeping(lines: list[tuple[int, int, str]]) -> None:
    texts = [text for _a, _b, text in lines]
    assert not [t for t in texts if "All decisions are made" in t or "?." in t or "Buy phase" in t
                or "used an Action" in t]
    # A buy and its gain are one line: no "gained X" right after "bought X".
    for before, after in zip(texts, texts[1:], strict=False):
        if " bought " in before and " for " in before:
            card = before.split(" bought ")[1].split(" for ")[0]
            assert not after.endswith(f"gained {card}."), (before, after)
    # Each event is told at most once, in order.
    indexes = [i for a, b, _t in lines for i in range(a, b + 1)]
    assert indexes == sorted(set(indexes))


@pytest.mark.parametrize("name", ["game_2p.json", "game_4p.json", "game_6p.json"])
def test_a_recorded_game_reads_one_line_per_thing(name: str) -> None:
    events = _recorded(name)
    with translation.override("en"):
        for seat in (0, 1, None):
            _no_bookkeeping(_lines(events, seat))


def test_a_card_played_is_one_line_with_what_it_gave() -> None:
    events = _recorded("game_4p.json")
    with translation.override("en"):
        anna = [text for _a, _b, text in _lines(events, 0)]
        onlooker = [text for _a, _b, text in _lines(events, None)]
        assert "Anna played Necropolis: +2 Actions." in anna
        assert "Anna played Wandering Minstrel: +1 card (Copper), +2 Actions." in anna
        assert "Anna played Wandering Minstrel: +1 card, +2 Actions." in onlooker  # the drawn card stays hidden
        assert "Cleo played 2 × Copper, Silver: +4 coins." in anna
        assert "Anna played 5 × Copper: +5 coins." in anna
        assert "Cleo bought and gained Silver for 3 coins." in anna
        # The cleanup is one line: the cards in play (public) and the hand (a count to the others).
        assert "Cleo cleaned up: Necropolis, 2 × Copper, Silver from play, 1 card from the hand." in anna
        assert "Anna cleaned up: Wandering Minstrel, 5 × Copper from play." in anna
        assert "Ben drew 5 cards." in anna and not any("Ben drew Copper" in t for t in anna)
    with translation.override("de"):
        german = [text for _a, _b, text in _lines(events, 0)]
        assert "Anna hat Totenstadt ausgespielt: +2 Aktionen." in german
        assert "Cleo hat Silber für 3 Geld gekauft und genommen." in german
        assert "Dan hat aufgeräumt: 3 × Kupfer aus dem Spiel, 2 Karten aus der Hand." in german


def test_fresh_games_of_the_base_cards_have_no_stray_words() -> None:
    """Questions asked of a player end with their own mark ("...?", not "...?.")."""
    with translation.override("en"):
        for seed in range(3):
            rng = random.Random(seed)
            base = list(BASE_PILES)
            rng.shuffle(base)
            _state, events = play([heuristic_bot, random_bot, random_bot], rng, {"kingdom": base[:10]})
            for seat in (0, None):
                _no_bookkeeping(_lines(events, seat))


def test_the_chapters_are_turns_gathered_in_rounds() -> None:
    events = _recorded("game_4p.json")
    opened = RULES.chapters.walk((i + 1, RULES.redact(e, None)) for i, e in enumerate(events))
    assert opened[0] == (1, {"round": 0, "turn": 0, "players": 4})
    turns = [c for _seq, c in opened[1:]]
    assert [c["turn"] for c in turns] == list(range(1, len(turns) + 1))
    assert [c["round"] for c in turns[:9]] == [1, 1, 1, 1, 2, 2, 2, 2, 3]
    with translation.override("en"):
        assert describe_chapter(turns[3], NAMES) == ("Round 1", "Turn 4: Anna")
    with translation.override("de"):
        assert describe_chapter(turns[3], NAMES) == ("Runde 1", "Zug 4: Anna")
