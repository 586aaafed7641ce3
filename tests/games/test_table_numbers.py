"""The numbers on the tables (issue 20), as each game's site renders them in both languages: prices on the
Warlord's and income buttons, the scores so far, Dominion's victory points, compositions and cards in play."""

from __future__ import annotations

import html
import re

from django.template.loader import render_to_string
from django.utils import translation

from dominion import RULES as DOMINION
from games.registry import kinds
from tests.citadels.test_characters import warlord_table
from tests.dominion.table import Table as DominionTable

NAMES = {0: "Anna", 1: "Ben", 2: "Cleo", 3: "Dora"}


def _render(kind: str, view: dict, seat: int | None, legal: list) -> str:
    site = kinds[kind].site_module
    shown = site.table(view, seat, NAMES, legal)
    return html.unescape(render_to_string(site.TABLE_TEMPLATE, {"table": shown}))


def test_the_warlords_buttons_say_the_price_and_the_players_their_score() -> None:
    table = warlord_table()
    table.set(3, gold=5)
    table.set(1, city=["castle", "temple"])
    for language, destroy, score in (("en", "Destroy Castle of Ben (pay 3 gold)", "score so far: 5 points"),
                                     ("de", "(zahle 3 Gold)", "bisher 5 Punkte")):
        with translation.override(language):
            page = _render("citadels", table.view(3), 3, table.legal())
            buttons = re.findall(r'<button type="submit" form="moves"[^>]*class="cmd"[^>]*>([^<]*)</button>', page)
            assert any(b.endswith(destroy) for b in buttons), buttons
            assert score in page
    spectator = _render("citadels", table.view(None), None, [])
    assert "pay 3 gold" not in spectator and "score so far: 5 points" in spectator


def test_dominion_shows_points_compositions_and_the_cards_in_play_beside_the_hand() -> None:
    t = DominionTable("village", hand=["village", "copper", "copper", "estate", "estate"])
    t.play("village")
    with translation.override("en"):
        page = _render("dominion", DOMINION.view(t.state, 0), 0, t.legal())
        other = _render("dominion", DOMINION.view(t.state, 1), 1, [])
    # Anna: 4 Coppers, 2 Estates and the Village, and the Shelters of the table's deck (0 points)
    assert "2 victory points" in page and "0 victory points" in page
    assert "Copper\xa0×4" in page and "Estate\xa0×2" in page and "Village\xa0×1" in page and "Hovel\xa0×1" in page
    hand_and_play = page.split('class="hand-and-play"')[1].split("</div>\n")[0]
    assert "Your cards in play" in hand_and_play and "Village" in hand_and_play.split("Your cards in play")[1]
    assert "In play: Anna" in other and "What the kingdom cards do" in other
