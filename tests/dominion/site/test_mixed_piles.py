"""The mixed piles of Dark Ages (Ruins, Knights): the page's button, the emails' choices and the words a
reply may use all name the top card, the one the reader will get, with its pile."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import pytest
from django.utils import translation

from dominion.site import describe_command
from games.registry import get_kind
from mailin import choices
from notifications import email_choices
from notifications.models import Outbox
from notifications.rendering import render

from .conftest import KINGDOM, stacked_game

pytestmark = pytest.mark.django_db

# Cultist brings the Ruins; Knights are a kingdom pile of their own. The Ruins' order is fixed, top first.
MIXED = ["cultist", "knights", *KINGDOM[:8]]
RUINS = ["survivors", "ruined_market", *["abandoned_mine"] * 8]
VIEW = {"supply": {"ruins": {"count": 10, "top": "survivors"}, "knights": {"count": 10, "top": "sir_martin"},
                   "copper": {"count": 46, "top": "copper"}}}


@pytest.mark.parametrize(("language", "ruins", "knights", "copper"), [
    ("en", "Buy Survivors (Ruins)", "Buy Sir Martin (Knights)", "Buy Copper"),
    ("de", "Überlebende (Ruinen) kaufen", "Sir Martin (Ritter) kaufen", "Kupfer kaufen"),
])
def test_a_mixed_pile_is_bought_by_its_top_cards_name(language: str, ruins: str, knights: str, copper: str) -> None:
    with translation.override(language):
        assert describe_command({"type": "buy", "card": "ruins"}, {}, VIEW) == ruins
        assert describe_command({"type": "buy", "card": "knights"}, {}, VIEW) == knights
        assert describe_command({"type": "buy", "card": "copper"}, {}, VIEW) == copper


def test_a_gain_choice_of_a_mixed_pile_names_its_top_card() -> None:
    view = {**VIEW, "decision": {"prompt": "gain", "kind": "choice", "options": ["ruins", "knights"]}}
    with translation.override("en"):
        assert describe_command({"type": "decide", "choice": "ruins"}, {}, view) == "Gain Survivors (Ruins)"
        assert describe_command({"type": "decide", "choice": "knights"}, {}, view) == "Gain Sir Martin (Knights)"


@pytest.mark.parametrize("line", ["buy ruins", "Ruinen kaufen", "buy survivors", "Überlebende kaufen"])
def test_a_reply_may_name_the_pile_or_its_top_card(line: str) -> None:
    current = [{"type": "buy", "card": "ruins"}, {"type": "buy", "card": "copper"}, {"type": "end_turn"}]
    describe = partial(email_choices.describe_command, get_kind("dominion"), view=VIEW)
    assert choices.match_line(line, current, current, describe, {}).command == {"type": "buy", "card": "ruins"}


def test_the_page_button_and_the_emails_choice_say_the_same(client: Any, verified: Any) -> None:
    anna, ben = verified("Anna", "en"), verified("Ben", "en")
    game, seats = stacked_game([anna, ben], kingdom=MIXED, piles={"ruins": RUINS})
    client.force_login(seats[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'aria-label="Buy Survivors (Ruins), ' in page
    mail = render(Outbox.objects.filter(user=seats[0], kind="turn").latest("id")).text
    listed = [line.split(". ", 1)[1] for line in mail.splitlines() if re.match(r"- \d+\. ", line)]
    assert "Buy Survivors (Ruins)" in listed and "Buy Ruins" not in listed, mail
