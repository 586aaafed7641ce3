"""Citadels' rules pages: every character and district of the base game and the Dark City, in the reader's
language, and where the table links them (`games.rules_pages` renders what this module gives)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from citadels.cards import (
    BASE_CHARACTERS,
    BASE_PURPLE,
    CHARACTERS,
    COLOURED,
    DARK_CITY_CHARACTERS,
    DARK_CITY_PURPLE,
    DISTRICTS,
)

from . import words

KIND = "citadels"
COLOUR_NAMES = {
    "yellow": gettext_noop("yellow (noble)"), "blue": gettext_noop("blue (religious)"),
    "green": gettext_noop("green (trade)"), "red": gettext_noop("red (military)"),
    "purple": gettext_noop("purple (special)"),
}


def rules_index_url() -> str:
    """The page of every Citadels card."""
    return reverse("rules-index", args=[KIND])


def rules_card_url(card_id: str) -> str:
    """The page of one character or district."""
    return reverse("rules-card", args=[KIND, card_id])


def _character(card_id: str) -> dict[str, Any]:
    card = CHARACTERS[card_id]
    facts = [_("rank {rank}").format(rank=card.rank)]
    if card.colour is not None:
        facts.append(_("income from {colour} districts").format(colour=_(COLOUR_NAMES[card.colour.value])))
    return {"id": card_id, "name": words.character_name(card_id), "facts": facts,
            "text": words.character_text(card_id), "url": rules_card_url(card_id)}


def _district(card_id: str) -> dict[str, Any]:
    card = DISTRICTS[card_id]
    facts = [
        _(COLOUR_NAMES[card.colour.value]),
        ngettext("costs %(count)s gold", "costs %(count)s gold", card.cost) % {"count": card.cost},
        ngettext("%(count)s point", "%(count)s points", card.points) % {"count": card.points},
        ngettext("%(count)s copy in the deck", "%(count)s copies in the deck", card.copies) % {"count": card.copies},
    ]
    return {"id": card_id, "name": words.district_name(card_id), "facts": facts,
            "text": words.district_text(card_id), "url": rules_card_url(card_id)}


def _groups() -> list[tuple[str, list[dict[str, Any]]]]:
    by_rank = sorted(BASE_CHARACTERS, key=lambda c: CHARACTERS[c].rank)
    dark_by_rank = sorted(DARK_CITY_CHARACTERS, key=lambda c: CHARACTERS[c].rank)
    return [
        (_("Characters"), [_character(c) for c in by_rank]),
        (_("Characters of the Dark City"), [_character(c) for c in dark_by_rank]),
        (_("Districts"), [_district(d) for d in COLOURED]),
        (_("Purple districts"), [_district(d) for d in BASE_PURPLE]),
        (_("Purple districts of the Dark City"), [_district(d) for d in DARK_CITY_PURPLE]),
    ]


def rules_index() -> list[dict[str, Any]]:
    """Every character and district, grouped (characters by rank, districts by colour and set)."""
    return [{"title": title, "cards": cards} for title, cards in _groups()]


def rules_card(card_id: str) -> dict[str, Any] | None:
    """One character's or district's page, or None for an id Citadels does not have."""
    for title, cards in _groups():
        for card in cards:
            if card["id"] == card_id:
                return {**card, "group": title, "index_url": rules_index_url()}
    return None
