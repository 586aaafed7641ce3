"""Sections the apps above `games` add to every game's table (the chat), without `games` importing them
and without either game's words: an app's `AppConfig.ready` registers in `sections` (a
`core.registry.Listeners`, by name) a function that gets the request, the game, the moment shown (`at`: the
replay's version, None for now) and whether the viewer came by a private game's signed watch link, and
returns its template and context (None: nothing to show)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from core.registry import Listeners

from .models import Game

# Shown below the history, in the order registered (`sections.register(chat_section, name="chat")`).
sections: Listeners[[HttpRequest, Game, int | None, bool], dict[str, Any] | None] = Listeners("table section")


def table_sections(request: HttpRequest, game: Game, at: int | None, watched: bool) -> list[dict[str, Any]]:
    """The sections to show on this table, each a dict with its `template` and its context."""
    return [section for section in sections(request, game, at, watched) if section is not None]
