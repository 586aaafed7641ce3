"""Dominion's rules pages: every card of the base game (both editions) and Dark Ages, in the reader's
language, and where the table links them (`games.rules_pages` renders what this module gives)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from dominion.cards import BASE_PILES, BASIC, CARDS, DARK_AGES_PILES, KNIGHTS, RUINS_NAMES, SHELTERS

from . import words
from .words import TYPE_NAMES

KIND = "dominion"
NON_SUPPLY = ("spoils", "madman", "mercenary")


def rules_index_url() -> str:
    """The page of every Dominion card."""
    return reverse("rules-index", args=[KIND])


def rules_card_url(card_id: str) -> str:
    """The page of one card (of a mixed pile: the pile's group on the page of every card)."""
    if card_id not in CARDS:
        return f"{rules_index_url()}#{card_id}"
    return reverse("rules-card", args=[KIND, card_id])


def _card(card_id: str) -> dict[str, Any]:
    card = CARDS[card_id]
    types = " – ".join(_(TYPE_NAMES[t]) for t in sorted(card.types) if t in TYPE_NAMES)
    facts = [types, ngettext("costs %(count)s coin", "costs %(count)s coins", card.cost) % {"count": card.cost}]
    return {"id": card_id, "name": words.card_name(card_id), "facts": facts, "text": words.card_text(card_id),
            "url": rules_card_url(card_id)}


def _groups() -> list[tuple[str, str, list[dict[str, Any]]]]:
    """(anchor, title, cards) of each group; a mixed pile's group is anchored by the pile's id."""
    return [
        ("basic", _("Basic cards"), [_card(c) for c in BASIC]),
        ("base", _("Kingdom cards of the base game"), [_card(c) for c in BASE_PILES]),
        ("dark_ages", _("Kingdom cards of Dark Ages"), [_card(c) for c in DARK_AGES_PILES if c in CARDS]),
        ("knights", words.card_name("knights"), [_card(c) for c in KNIGHTS]),
        ("ruins", words.card_name("ruins"), [_card(c) for c in RUINS_NAMES]),
        ("shelters", _("Shelters"), [_card(c) for c in SHELTERS]),
        ("non_supply", _("Outside the Supply"), [_card(c) for c in NON_SUPPLY]),
    ]


def rules_index() -> list[dict[str, Any]]:
    """Every card, grouped: the basic cards, each set's kingdom cards, the mixed piles, the rest."""
    return [{"anchor": anchor, "title": title, "cards": cards} for anchor, title, cards in _groups()]


def rules_card(card_id: str) -> dict[str, Any] | None:
    """One card's page, or None for a card Dominion does not have."""
    for _anchor, title, cards in _groups():
        for card in cards:
            if card["id"] == card_id:
                return {**card, "group": title, "index_url": rules_index_url()}
    return None
