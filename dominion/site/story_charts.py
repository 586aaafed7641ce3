"""Dominion's story in pictures (`games.registry.StoryCharts`): the numbers of `dominion.story_numbers` as
charts, in the active language: victory points by turn, and each player's deck over their turns."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from dominion.cards import CARDS
from dominion.story_numbers import SAMPLE_AT, favourites, numbers

from .words import card_name, seat_name

__all__ = ["SAMPLE_AT", "charts", "favourite_name", "favourites", "favourites_title", "numbers"]

# The colour family of a card by its first type found here (the strategy sites' usual colours).
TONES = (("curse", "purple"), ("ruins", "grey"), ("shelter", "grey"), ("victory", "green"), ("treasure", "gold"),
         ("attack", "red"), ("action", "blue"))
TONE_ORDER = ("gold", "green", "purple", "grey", "red", "blue")


def _tone(card: str) -> str:
    types = CARDS[card].types if card in CARDS else frozenset()
    return next((tone for kind, tone in TONES if kind in types), "grey")


def _points_chart(turns: list[dict[str, Any]], seats: list[int], names: dict[int, str]) -> dict[str, Any]:
    return {
        "type": "lines", "id": "points", "title": _("Victory points by turn"), "x_title": _("Turn"),
        "y_title": _("Victory points"), "description": _("Each player's victory points after each turn."),
        "x": [str(t["turn"]) for t in turns],
        "series": [{"name": seat_name(names, seat), "values": [t["points"][seat] for t in turns]} for seat in seats],
        "table": {"note": _("Victory points after each turn of the game."),
                  "columns": [_("Turn %(number)s") % {"number": t["turn"]} for t in turns],
                  "rows": [{"name": seat_name(names, seat), "cells": [str(t["points"][seat]) for t in turns]}
                           for seat in seats]},
    }


def _deck_chart(turns: list[dict[str, Any]], seat: int, names: dict[int, str]) -> dict[str, Any]:
    own = [t for t in turns if t["seat"] == seat]
    cards = sorted({card for t in own for card in t["decks"][seat]},
                   key=lambda c: (TONE_ORDER.index(_tone(c)), CARDS[c].cost if c in CARDS else 0, card_name(c)))
    series = [{"name": card_name(card), "tone": _tone(card), "values": [t["decks"][seat].get(card, 0) for t in own]}
              for card in cards]
    name = seat_name(names, seat)
    return {
        "type": "stacked", "id": f"deck-{seat}", "title": _("The deck of %(name)s") % {"name": name},
        "x_title": _("Turns of %(name)s") % {"name": name}, "y_title": _("Cards"),
        "description": _("How many cards of each name %(name)s owned after each of their turns.") % {"name": name},
        "x": [str(i + 1) for i in range(len(own))], "series": series,
        "table": {"note": _("Cards owned after each of the player's turns."),
                  "columns": [_("Turn %(number)s") % {"number": t["turn"]} for t in own],
                  "rows": [{"name": s["name"], "cells": [str(v) for v in s["values"]]} for s in series]},
    }


def charts(found: dict[str, Any], names: dict[int, str]) -> list[dict[str, Any]]:
    """The story's charts: victory points by turn, then each player's deck (none before the first turn)."""
    turns = found["turns"]
    if not turns:
        return []
    seats = list(range(len(turns[0]["points"])))
    return [_points_chart(turns, seats, names), *(_deck_chart(turns, seat, names) for seat in seats
                                                 if any(t["seat"] == seat for t in turns))]


def favourites_title() -> str:
    """The heading of a player's favourites (`favourites`), in the active language."""
    return _("Favourite cards")


def favourite_name(favourite: str) -> str:
    """One of a player's favourites in the active language."""
    return card_name(favourite)
