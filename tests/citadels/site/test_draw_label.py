"""The draw button says what the rules will do for the viewer's city and the game's edition
(`citadels.turn.draw_counts`, the same count the rules draw with)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from citadels.options import REJECTED_ANY_HAND_CARD, REJECTED_TO_DISCARD
from citadels.site.table import _draw_label


def _view(city: list[str], rejected_card: str) -> dict[str, Any]:
    return {"seat": 1, "players": [{"seat": 0, "city": ["library"]}, {"seat": 1, "city": city}],
            "options": {"rejected_card": rejected_card}}


@pytest.mark.parametrize("city, rejected_card, label", [
    ([], REJECTED_TO_DISCARD, "Draw 2 cards, keep 1"),
    (["observatory"], REJECTED_TO_DISCARD, "Draw 3 cards, keep 1"),
    (["library"], REJECTED_TO_DISCARD, "Draw 2 cards, keep 2"),
    (["observatory", "library"], REJECTED_TO_DISCARD, "Draw 3 cards, keep 2"),
    ([], REJECTED_ANY_HAND_CARD, "Draw 2 cards, then discard 1 from your hand"),
    (["observatory"], REJECTED_ANY_HAND_CARD, "Draw 3 cards, then discard 2 from your hand"),
    (["library"], REJECTED_ANY_HAND_CARD, "Draw 2 cards, keep 2"),  # the Library keeps them all
])
def test_the_draw_button_counts_as_the_rules_do(city: list[str], rejected_card: str, label: str) -> None:
    with translation.override("en"):
        assert _draw_label(_view(city, rejected_card)) == label


def test_the_2000_rule_in_german() -> None:
    with translation.override("de"):
        assert _draw_label(_view([], REJECTED_ANY_HAND_CARD)) == "2 Karten ziehen, dann 1 aus der Hand abwerfen"
