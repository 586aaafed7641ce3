"""The rules pages of a game kind: every card of the game, and a page per card, linked from its table.

`games` holds no word of any game: the kind's site module brings the cards, grouped and worded in the
reader's language (`rules_index`, `rules_card`); these views only find the kind and render.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from .registry import kinds


def rules_index(request: HttpRequest, kind_name: str) -> HttpResponse:
    """Every card of the kind, grouped as its site groups them, each linked to its page."""
    kind = kinds.get(kind_name)
    if kind is None or not kind.site:
        raise Http404(kind_name)
    groups = kind.site_module.rules_index()
    return render(request, "games/rules_index.html", {"kind": kind, "groups": groups})


def rules_card(request: HttpRequest, kind_name: str, card_id: str) -> HttpResponse:
    """One card's page: its name, its facts and its full text; 404 for a card the kind does not have."""
    kind = kinds.get(kind_name)
    if kind is None or not kind.site:
        raise Http404(kind_name)
    card = kind.site_module.rules_card(card_id)
    if card is None:
        raise Http404(card_id)
    return render(request, "games/rules_card.html", {"kind": kind, "card": card})
