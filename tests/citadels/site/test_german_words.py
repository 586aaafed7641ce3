"""German as a German player reads it: the games' own terms, whole sentences with their articles."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

from citadels.site import describe_command, describe_event
from games.registry import kinds

ROOT = Path(__file__).resolve().parents[3]
NAMES = {0: "Anna", 1: "Ben"}

# Words a German catalogue must not use, and why: the cards, the form and the table name Citadels'
# districts "Bauwerke" and its Bishop "Prediger" (Hans im Glück's names); "Es wartet: Anna" says Anna waits.
WRONG = {"Bezirk": "Bauwerk", "Bischof": "Prediger", "Es wartet": "Warten auf"}


def test_the_german_catalogues_keep_to_the_games_terms() -> None:
    from babel.messages.pofile import read_po

    found = []
    for po in ROOT.glob("*/**/locale/de/LC_MESSAGES/django.po"):
        if ".venv" in po.parts:
            continue
        for message in read_po(po.open("rb")):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [f"{po}: {s!r} ({word} -> {WRONG[word]})" for s in strings for word in WRONG if word in (s or "")]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("seen", "german"), [
    ({"type": "character_revealed", "seat": 1, "character": "assassin"}, "Der Charakter Meuchler wurde aufgerufen: Ben."),
    ({"type": "character_killed", "seat": 0, "character": "thief"}, "Anna hat den Charakter Dieb gemeuchelt."),
    ({"type": "character_robbed", "seat": 1, "character": "king"}, "Ben will den Charakter König bestehlen."),
    ({"type": "character_discarded", "seat": 0, "character": "bishop"},
     "Anna hat den Charakter Prediger verdeckt abgelegt."),
    ({"type": "income_collected", "seat": 0, "amount": 2}, "Anna hat 2 Gold aus den eigenen Bauwerken eingenommen."),
    ({"type": "graveyard_declined", "seat": 1}, "Ben hat das Bauwerk liegen lassen."),
])
def test_citadels_events_name_characters_with_their_article(seen: dict[str, object], german: str) -> None:
    with translation.override("de"):
        assert describe_event(seen, NAMES) == german


def test_citadels_commands_and_refusals_say_bauwerk() -> None:
    site = kinds["citadels"].site_module
    with translation.override("de"):
        assert describe_command({"type": "collect_income"}, NAMES) == "Einkommen aus deinen Bauwerken nehmen"
        assert site.describe_refusal("bishop", "") == "Die Bauwerke des Predigers sind geschützt."


def test_dominion_says_whom_it_waits_for() -> None:
    site = kinds["dominion"].site_module
    seen = {"type": "waiting", "asks": [{"seat": 1, "prompt": "discard_down", "card": "militia"}]}
    with translation.override("de"):
        assert site.describe_event(seen, NAMES).startswith("Warten auf Ben – ")
        # A name that carries "(du)" is not followed by a second parenthesis.
        assert site.describe_event(seen, {1: "Ben (du)"}).startswith("Warten auf Ben (du) – ")


def test_the_turn_email_says_where_before_am_zug() -> None:
    from django.utils.translation import gettext

    with translation.override("de"):
        said = gettext("it is your turn in {title} #{game}.").format(title=kinds["citadels"].title, game=3)
        assert said == "du bist in der Partie Ohne Furcht und Adel #3 am Zug."
