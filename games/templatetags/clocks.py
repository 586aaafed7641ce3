"""The table's clocks: `{% seat_clocks game detail.seats as clocks %}` gives each seat's name, whether its
clock runs, its deadline and its time left in words (`games.deadlines.shown`), for a list a screen reader
reads as text."""

from __future__ import annotations

from typing import Any

from django import template

from ..deadlines.shown import clock_words
from ..deadlines.shown import seat_clocks as clocks_of
from ..models import Game

register = template.Library()


@register.simple_tag
def seat_clocks(game: Game, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats' clocks with their players' names (`seats`: the game detail's), in seat order; none to show
    when no seat has a clock (a game not running)."""
    names = {seat["index"]: seat["display_name"] for seat in seats}
    shown = []
    for clock in clocks_of(game):
        words = clock_words(clock)
        if words:
            shown.append({"seat": clock.seat, "name": names.get(clock.seat, ""), "running": clock.running,
                          "deadline_at": clock.deadline_at, "words": words})
    return shown
