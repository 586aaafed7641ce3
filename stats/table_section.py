"""The stats' section of a game's table (added to every game's page through `games.table_sections`, so that
`games` imports nothing of it): a finished game's story in pictures, and a replay's up to its step; a running
table links to its pictures so far (the charts are drawn when asked for, not on every move)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

from games import table_sections
from games.models import Game

from .story import story_charts


def story_section(request: HttpRequest, game: Game, at: int | None, watched: bool) -> dict[str, Any] | None:
    """The section's template and context for this viewer (`at`: a replay's step; `watched`: a private game's
    spectator by its signed link, for whom the game's own story address is a 404: no link, only charts)."""
    if game.version == 0:
        return None
    user = request.user if request.user.is_authenticated else None
    finished = game.status == Game.Status.FINISHED
    if not finished and at is None:
        try:  # (the page's address is the site's URLconf's to give: none there, no link)
            url = "" if watched else reverse("game-story", args=[game.pk])
        except NoReverseMatch:
            url = ""
        return {"template": "stats/table_section.html", "charts": [], "story_url": url} if url else None
    return {"template": "stats/table_section.html", "game": game, "hands_open": finished,
            "charts": story_charts(game, user, at)}


def add() -> None:
    """Add the story to every table (from `StatsConfig.ready`)."""
    table_sections.sections.register(story_section, name="stats")
