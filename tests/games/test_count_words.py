"""Counts in words take the noun's number from the count (ngettext): "1 Karte", "1 Aktion", never "1 Karten"."""

from __future__ import annotations

from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.registry import kinds

CITADELS = kinds["citadels"].site_module
DOMINION = kinds["dominion"].site_module
NAMES = {0: "Anna"}


def _in(language: str, tell: Any) -> Any:
    """What `tell()` says in this language."""
    with translation.override(language):
        return tell()


@pytest.mark.parametrize(("language", "one", "many"), [
    ("de", "Anna hat 1 Karte gezogen.", "Anna hat 2 Karten gezogen."),
    ("en", "Anna drew 1 card.", "Anna drew 2 cards."),
])
def test_citadels_events_count_cards(language: str, one: str, many: str) -> None:
    assert _in(language, lambda: CITADELS.describe_event({"type": "cards_drawn", "seat": 0, "count": 1}, NAMES)) == one
    assert _in(language, lambda: CITADELS.describe_event({"type": "cards_drawn", "seat": 0, "count": 2}, NAMES)) == many


def test_citadels_emails_and_scores_count_cards_and_points() -> None:
    view = {"players": [{"seat": 0, "gold": 1, "hand_size": 1, "city": [], "museum_size": 1}]}
    row = _in("de", lambda: CITADELS.email_sections(view, None, NAMES)[-1][1][0])
    assert row == "Anna: 1 Gold, 1 Karte auf der Hand, Stadt: (keine), 1 Karte unter dem Museum"
    row = _in("en", lambda: CITADELS.email_sections(view, None, NAMES)[-1][1][0])
    assert row == "Anna: 1 gold, 1 card in hand, city: (none), 1 card under the Museum"
    ended = {"type": "game_ended", "winners": [0], "scores": [{"seat": 0, "total": 1}]}
    assert _in("de", lambda: CITADELS.describe_event(ended, NAMES)).endswith("Wertung: Anna: 1 Punkt.")
    assert _in("en", lambda: CITADELS.describe_event(ended, NAMES)).endswith("Scores: Anna: 1 point.")


def test_citadels_table_counts_the_deck_and_the_museum() -> None:
    view = {"round": 3, "crown": 0, "deck_size": 1, "discard_size": 4,
            "players": [{"seat": 0, "gold": 0, "hand_size": 1, "city": [], "museum_size": 1}]}
    for language, deck, museum in (("de", "Stapel: 1 Karte, Ablage: 4", "1 Karte unter dem Museum"),
                                   ("en", "deck: 1 card, discard pile: 4", "1 card under the Museum")):
        with translation.override(language):
            page = render_to_string(CITADELS.TABLE_TEMPLATE, {"table": CITADELS.table(view, None, NAMES, [])})
        assert deck in page and museum in page, language


@pytest.mark.parametrize(("language", "turn", "bought", "shuffled"), [
    ("de", "Zug 3 von Anna: 1 Aktion, 1 Kauf, 1 Geld", "Anna hat Armenhaus für 1 Geld gekauft.",
     "Anna hat den Ablagestapel zu einem neuen Nachziehstapel gemischt (1 Karte)."),
    ("en", "Turn 3, Anna: 1 action, 1 buy, 1 coin", "Anna bought Poor House for 1 coin.",
     "Anna shuffled the discard pile into a new deck (1 card)."),
])
def test_dominion_emails_and_events_count_actions_buys_coins_and_cards(
    language: str, turn: str, bought: str, shuffled: str
) -> None:
    view = {"turn": 3, "current": 0, "actions": 1, "buys": 1, "coins": 1, "players": []}
    sections = dict(_in(language, lambda: DOMINION.email_sections(view, None, NAMES)))
    assert list(sections.values())[0] == [turn]
    seen = {"type": "bought", "seat": 0, "pile": "poor_house", "card": "poor_house", "cost": 1}
    assert _in(language, lambda: DOMINION.describe_event(seen, NAMES)) == bought
    assert _in(language, lambda: DOMINION.describe_event({"type": "shuffled", "seat": 0, "count": 1}, NAMES)) == shuffled
    view = {**view, "turn": 4, "actions": 2, "buys": 2, "coins": 5}
    plural = list(dict(_in(language, lambda: DOMINION.email_sections(view, None, NAMES))).values())[0][0]
    assert plural.endswith(("2 Aktionen, 2 Käufe, 5 Geld", "2 actions, 2 buys, 5 coins"))


@pytest.mark.parametrize(("language", "low", "high", "bounds"), [
    ("de", 1, 1, "Wähle 1 Karte."), ("de", 2, 2, "Wähle 2 Karten."), ("de", 0, 1, "Wähle 0 bis 1 Karte."),
    ("en", 1, 1, "Choose 1 card."), ("en", 3, 3, "Choose 3 cards."), ("en", 0, 3, "Choose 0 to 3 cards."),
])
def test_dominion_table_counts_the_cards_to_choose(language: str, low: int, high: int, bounds: str) -> None:
    cards = [{"id": 7, "card": "copper"}, {"id": 8, "card": "estate"}, {"id": 9, "card": "copper"}]
    view = {"hand": cards, "decision": {"kind": "cards", "prompt": "trash", "card": "chapel", "min": low, "max": high,
                                        "cards": cards}}
    table = _in(language, lambda: DOMINION.table(view, 0, NAMES, [{"type": "decide", "cards": []}])["decision"])
    assert table["bounds"] == bounds
