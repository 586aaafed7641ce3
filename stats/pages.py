"""The stats app's pages: a game's story in pictures (`/games/<id>/story`, `?at=N` up to a replay's step,
`?fragment=1` the charts alone, for another page to put in place), the leaderboards and a player's numbers.
Every page works without JavaScript."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.errors import ServiceError
from games import services
from games.page_access import error_page
from games.registry import get_kind

from .story import story_charts


def game_story_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """A game's charts, as the viewer may see them (a private game: its players' only, as its table)."""
    user: Any = request.user if request.user.is_authenticated else None
    try:
        game = services.get_game(game_id, user)
        at = request.GET.get("at") or ""
        if at:
            at = str(services.state_at(game, user, at)["version"])
    except ServiceError as error:
        return error_page(request, error)
    context = {"game": game, "kind": get_kind(game.kind), "at": at, "hands_open": game.status == game.Status.FINISHED,
               "charts": story_charts(game, user, int(at) if at else None)}
    template = "stats/story_charts.html" if request.GET.get("fragment") else "stats/story_page.html"
    return render(request, template, context)
