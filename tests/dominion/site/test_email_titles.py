"""Emails that match (issue 20): a decision asked in another player's turn is titled by what it asks, not
"your turn"; "Open the game" stands at the top of every turn email, before its sections."""

from __future__ import annotations

from typing import Any

import pytest

from games import services, store
from notifications.models import Outbox
from notifications.rendering import render

from .conftest import stacked_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "subject", "intro", "turn_subject"), [
    ("en", "Dominion #{game}: Urchin: discard down to", "a decision is asked of you in Dominion #{game}:",
     "Your turn in Dominion #{game}"),
    ("de", ": Gassenjunge: Lege bis auf", "wird eine Entscheidung von dir verlangt:", "#{game}"),
])
def test_a_decision_in_another_players_turn_says_what_it_asks(
    verified: Any, language: str, subject: str, intro: str, turn_subject: str
) -> None:
    anna, ben = verified("Anna", language), verified("Ben", language)
    game, seats = stacked_game([anna, ben])
    state = store.load_state(game)
    urchin = next(c for c in state.hand(0) if state.names[c] == "urchin")
    services.execute(seats[0], game.pk, {"type": "play", "card": urchin})
    asked = render(Outbox.objects.filter(user=seats[1], kind="turn").get())
    assert subject.format(game=game.pk) in asked.subject, asked.subject
    assert "Your turn" not in asked.subject and "am Zug" not in asked.subject
    assert intro.format(game=game.pk) in asked.text
    # Its own turn's mail says "your turn"; both open with the game's link, before the first section.
    own = render(Outbox.objects.filter(user=seats[0], kind="turn").get())
    assert turn_subject.format(game=game.pk) in own.subject and ":" not in own.subject.split("#")[1]
    for mail in (asked, own):
        link = "Open the game:" if language == "en" else "Zur Partie:"
        top = mail.text.split("\n== ")[0]
        assert link in top and f"/games/{game.pk}/" in top, mail.text
        assert mail.html.index(f"/games/{game.pk}/") < mail.html.index("<h3")


def test_the_graveyards_offer_in_the_warlords_turn_says_what_it_asks() -> None:
    from django.utils import translation

    from games.registry import kinds

    site = kinds["citadels"].site_module
    view = {"turn": {"seat": 0}, "graveyard_offer": {"seat": 1, "district": "castle"}}
    with translation.override("en"):
        assert site.asked_between_turns(view, 1) == "Graveyard: pay 1 gold to take the destroyed Castle into your hand?"
        assert site.asked_between_turns(view, 0) is None
        assert site.asked_between_turns({"turn": {"seat": 1}}, 1) is None
    with translation.override("de"):
        assert "Schloss" in site.asked_between_turns(view, 1)
