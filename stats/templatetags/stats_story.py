"""`{% load stats_story %}{% story_charts game %}` (or `{% story_charts game replay.step %}` on a replay's step):
a game's story in pictures, as the page's reader may see it, for the pages of other apps to include."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Game

from ..story import story_charts as charts_of

register = template.Library()


@register.inclusion_tag("stats/story_charts.html", takes_context=True)
def story_charts(context: dict[str, Any], game: Game, upto: Any = None) -> dict[str, Any]:
    """The charts of `game` up to event `upto` (default: now) as the request's user may see them."""
    request = context.get("request")
    user = getattr(request, "user", None)
    reader = user if user is not None and user.is_authenticated else None
    step = int(upto) if upto not in (None, "") else None
    return {"game": game, "charts": charts_of(game, reader, step), "hands_open": game.status == Game.Status.FINISHED}
