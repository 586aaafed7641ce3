"""Two cards of one name in different places are different choices (the Death Cart in play or in hand):
the emails tell them apart by where they lie, and a reply in those words picks the one meant."""

from __future__ import annotations

from functools import partial

import pytest
from django.utils import translation

from dominion import RULES
from games.registry import get_kind
from mailin import choices
from notifications import email_choices
from tests.dominion.table import Table

DOMINION = get_kind("dominion")


def _death_cart() -> tuple[Table, dict[str, int]]:
    table = Table("death_cart", hand=["death_cart", "death_cart", "copper", "copper", "copper"])
    table.play("death_cart")
    return table, {"in_play": table.id("death_cart", zone="in_play"), "hand": table.id("death_cart")}


@pytest.mark.parametrize(("language", "in_play", "in_hand"), [
    ("en", "Death Cart (in play)", "Death Cart (in your hand)"),
    ("de", "Leichenkarren (im Spiel)", "Leichenkarren (auf deiner Hand)"),
])
def test_the_emails_tell_where_each_card_lies(language: str, in_play: str, in_hand: str) -> None:
    table, ids = _death_cart()
    view, legal = RULES.view(table.state, 0), table.legal()
    lines = email_choices.numbered_choices(DOMINION, legal, language, {0: "Anna", 1: "Ben"}, view)
    played = next(line for line in lines if in_play in line)
    held = next(line for line in lines if in_hand in line)
    assert played != held
    with translation.override(language):
        said = {email_choices.describe_command(DOMINION, c, language, {}, view) for c in legal}
    assert len(said) == len(legal)  # no two choices read alike


@pytest.mark.parametrize("zone", ["in_play", "hand"])
def test_a_reply_in_words_picks_the_card_meant(zone: str) -> None:
    table, ids = _death_cart()
    view, legal = RULES.view(table.state, 0), table.legal()
    wanted = {"type": "decide", "cards": [ids[zone]]}
    assert wanted in legal
    words = email_choices.describe_command(DOMINION, wanted, "en", {}, view)
    describe = partial(email_choices.describe_command, DOMINION, view=view)
    assert choices.match_line(words, legal, legal, describe, {}).command == wanted
