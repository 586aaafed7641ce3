"""The rules pages (issue 20): every card of a game and a page per card, served through the registry in the
reader's language, linked from the tables; an unknown kind or card is a 404."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from citadels import RULES as CITADELS
from citadels.cards import CHARACTERS, DISTRICTS
from dominion.cards import CARDS
from games.registry import kinds

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("path", "language", "words"), [
    ("/rules/citadels/", "en", ["Assassin", "Names a character, who loses this round's turn.", "Keep", "Witch"]),
    ("/rules/citadels/", "de", ["Meuchler", "Benennt einen Charakter; dieser setzt die Runde aus.", "Wehrturm"]),
    ("/rules/citadels/warlord/", "en", ["Warlord", "rank 8", "income from red (military) districts"]),
    ("/rules/citadels/keep/", "de", ["Wehrturm", "Kann vom Söldner nicht entfernt werden.", "kostet 3 Gold"]),
    ("/rules/dominion/", "en", ["Urchin", "Kingdom cards of Dark Ages", "Sir Martin", "Survivors", "Hovel"]),
    ("/rules/dominion/witch/", "de", ["Hexe", "kostet 5 Geld", "Angriff"]),
])
def test_the_rules_pages_show_every_card_with_its_full_text(client: Any, path: str, language: str,
                                                            words: list[str]) -> None:
    page = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    for word in words:
        assert word in text, word


def test_every_card_has_its_page(client: Any) -> None:
    for kind, ids in (("citadels", [*CHARACTERS, *DISTRICTS]), ("dominion", list(CARDS))):
        site = kinds[kind].site_module
        for card_id in ids:
            card = site.rules_card(card_id)
            assert card is not None and card["name"], (kind, card_id)
        indexed = {c["id"] for group in site.rules_index() for c in group["cards"]}
        assert indexed == set(ids), kind


@pytest.mark.parametrize("path", ["/rules/chess/", "/rules/chess/king/", "/rules/citadels/nothing/",
                                  "/rules/dominion/knights/"])
def test_an_unknown_kind_or_card_is_a_404(client: Any, path: str) -> None:
    assert client.get(path).status_code == 404


def test_the_citadels_table_links_each_character_to_its_page() -> None:
    import random

    state = CITADELS.fold(CITADELS.setup({}, 4, random.Random(1)))
    site = kinds["citadels"].site_module
    with translation.override("en"):
        shown = site.table(CITADELS.view(state, 0), 0, {0: "A", 1: "B", 2: "C", 3: "D"}, [])
        page = render_to_string(site.TABLE_TEMPLATE, {"table": shown})
    assert 'href="/rules/citadels/assassin/"' in page and 'href="/rules/citadels/"' in page
    # The full texts stand on the page (collapsed: a tap opens them), not only in a hover's title.
    assert '<details class="abilities">' in page and "<dd>Names a character" in page
