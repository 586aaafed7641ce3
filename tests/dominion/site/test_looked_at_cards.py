"""Cards a player looks at before a choice (Survivors, Catacombs) on the table and in the turn email: named to
that player in the decision and the history, to no one else."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dominion import RULES
from dominion.site import choice_order, describe_event, email_sections, table
from dominion.site.table import TABLE_TEMPLATE
from games import services, store
from games.registry import get_kind
from mailin import choices
from notifications import email_choices
from tests.dominion.table import Table

from .conftest import DECKS, KINGDOM, stacked_game

DOMINION = get_kind("dominion")

NAMES = {0: "Anna", 1: "Ben"}


def _looking(card: str = "survivors") -> Table:
    """Seat 0 plays Survivors (or Catacombs) onto its Shelters."""
    t = Table("cultist", "catacombs", hand=[card, "copper", "copper", "copper", "copper"],
              deck=["hovel", "necropolis", "overgrown_estate", "copper", "copper"])
    t.clear(1, "hand")  # seat 1 holds no Shelter: a "Hovel" on the table can only be seat 0's
    t.play(card)
    return t


COMPOSITION = re.compile(r'<p class="composition">.*?</p>', re.S)


def _without_compositions(page: str, compositions: list[str]) -> str:
    """The page without its deck compositions, checked first to be `compositions`: every reader sees the
    same ones (every card a player owns, Shelters included, is public since the setup or its gain)."""
    assert COMPOSITION.findall(page) == compositions
    return COMPOSITION.sub("", page)


def _page(t: Table, seat: int | None) -> tuple[dict[str, Any], str, list[tuple[str, list[str]]]]:
    view = RULES.view(t.state, seat)
    legal = RULES.legal_commands(t.state, seat) if seat is not None else []
    shown = table(view, seat, NAMES, legal)
    return shown, render_to_string(TABLE_TEMPLATE, {"table": shown}), email_sections(view, seat, NAMES)


@pytest.mark.parametrize(("card", "language", "cards"), [
    ("survivors", "en", ["Hovel", "Necropolis"]),
    ("survivors", "de", ["Hütte", "Totenstadt"]),
    ("catacombs", "en", ["Hovel", "Necropolis", "Overgrown Estate"]),
    ("catacombs", "de", ["Hütte", "Totenstadt", "Verfallenes Anwesen"]),
])
def test_the_cards_looked_at_are_named_in_the_decision_of_their_player_alone(
    card: str, language: str, cards: list[str]
) -> None:
    """Seed 004, Überlebende: "siehst du dir die obersten beiden Karten von deinem Nachziehstapel an und
    entscheidest dich dann" (Katakomben alike, with 3): the table and the turn email show the cards with
    the question."""
    t = _looking(card)
    with translation.override(language):
        shown, page, sections = _page(t, 0)
        assert [c["name"] for c in shown["decision"]["seen"]] == cards
        choices = page.split('id="choices-title"')[1].split("</section>")[0]
        assert all(name in choices for name in cards), choices
        asked = dict(sections)[translation.gettext("The decision asked of you")]
        assert any(", ".join(cards) in line for line in asked), asked
        compositions = COMPOSITION.findall(page)
        for other in (1, None):
            shown, page, sections = _page(t, other)
            assert shown["decision"] is None
            assert not any(name in _without_compositions(page, compositions) for name in cards)
            assert not any(name in line for name in cards for _, lines in sections for line in lines)


@pytest.mark.parametrize(("language", "mine", "theirs"), [
    ("en", "Anna looked at Hovel, Necropolis on top of the deck (Survivors).",
     "Anna looked at 2 cards on top of the deck (Survivors)."),
    ("de", "Anna hat sich Hütte, Totenstadt oben auf dem Nachziehstapel angesehen (Überlebende).",
     "Anna hat sich 2 Karten oben auf dem Nachziehstapel angesehen (Überlebende)."),
])
def test_the_history_names_the_cards_looked_at_to_their_player_alone(language: str, mine: str, theirs: str) -> None:
    t = _looking()
    (looked,) = [e for e in t.events if e.type == "looked_at"]
    with translation.override(language):
        assert describe_event(RULES.redact(looked, 0), NAMES) == mine
        assert describe_event(RULES.redact(looked, 1), NAMES) == theirs
        assert describe_event(RULES.redact(looked, None), NAMES) == theirs


@pytest.mark.parametrize(("card", "language", "wanted"), [
    ("survivors", "en", ["Discard (Hovel, Necropolis)", "Put back (Hovel, Necropolis)"]),
    ("survivors", "de", ["Ablegen (Hütte, Totenstadt)", "Zurücklegen (Hütte, Totenstadt)"]),
    ("catacombs", "en", ["Into your hand (Hovel, Necropolis, Overgrown Estate)",
                         "Discard them and draw 3 cards (Hovel, Necropolis, Overgrown Estate)"]),
])
def test_every_emails_choices_name_the_cards_looked_at(card: str, language: str, wanted: list[str]) -> None:
    """The choices of the answer to a reply and of a reminder (which show no table) name the cards too, and
    a reply in words still picks the choice meant."""
    t = _looking(card)
    view, legal = RULES.view(t.state, 0), t.legal()
    lines = email_choices.numbered_choices(DOMINION, legal, language, NAMES, view)
    assert [line.split(". ", 1)[1] for line in lines[:2]] == wanted
    describe = partial(email_choices.describe_command, DOMINION, view=view)
    for command, words in zip(choice_order(legal, view), wanted, strict=True):
        assert choices.match_line(words, legal, legal, describe, {}).command == command
        first_word = words.split(" (")[0]
        assert choices.match_line(first_word, legal, legal, describe, {}).command == command


def test_ironmongers_choices_name_the_revealed_card() -> None:
    """Seed 004, Eisenhändler: "deckst du die oberste Karte von deinem Nachziehstapel auf" and may discard
    it: the choices name it, in the answer to a reply too (it shows no table)."""
    t = Table("ironmonger", hand=["ironmonger", "copper", "copper", "copper", "copper"],
              deck=["copper", "gold", "copper", "copper", "copper"])
    t.play("ironmonger")
    view, legal = RULES.view(t.state, 0), t.legal()
    lines = email_choices.numbered_choices(DOMINION, legal, "en", NAMES, view)
    assert [line.split(". ", 1)[1] for line in lines[:2]] == ["Discard (Gold)", "Put back (Gold)"]


@pytest.mark.django_db
def test_the_game_page_shows_the_cards_looked_at_to_their_player_alone(client: Any, make_user: Any) -> None:
    """Through the hosting: the player's page shows the two cards with the question and in the history;
    the other player's and a spectator's pages show neither card, only that two were looked at. (The deck
    compositions name every card a player owns, Shelters included, the same for every reader: they are
    public since the setup and tell nothing of the look, so they are compared, not searched.)"""
    anna, ben = make_user("Anna", language="en"), make_user("Ben", language="en")
    decks = [["survivors", "copper", "copper", "copper", "copper", "hovel", "necropolis", "copper", "copper",
              "overgrown_estate"], DECKS[1]]  # seat 1 holds Coppers and Estates only
    # The Ruins pile's order is given: a shuffled pile of 10 holds no Survivors in about one game of twelve.
    ruins = ["survivors", "ruined_market", "ruined_library", "abandoned_mine", "ruined_village"] * 2
    game, seats = stacked_game([anna, ben], kingdom=["cultist", *KINGDOM[:9]], decks=decks, piles={"ruins": ruins})
    state = store.load_state(game)
    survivors = next(c for c in state.hand(0) if state.names[c] == "survivors")
    services.execute(seats[0], game.pk, {"type": "play", "card": survivors})
    client.force_login(seats[0])
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    choices = page.split('id="choices-title"')[1].split("</section>")[0]
    assert "Hovel" in choices and "Necropolis" in choices, choices
    assert "looked at Hovel, Necropolis on top of the deck (Survivors)." in page
    compositions = COMPOSITION.findall(page)
    assert len(compositions) == 2
    for other in (seats[1], make_user("Cleo")):
        client.force_login(other)
        page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
        page = _without_compositions(page, compositions)
        assert "Hovel" not in page and "Necropolis" not in page
        assert "looked at 2 cards on top of the deck (Survivors)." in page
