"""Sections the apps above `games` add to every game's table (the chat), without `games` importing them
and without either game's words: an app's `AppConfig.ready` calls `add_table_section` with a function
that gets the request, the game, the moment shown (`at`: the replay's version, None for now) and whether
the viewer came by a private game's signed watch link, and returns its template and context (None: nothing
to show)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest

from .models import Game

TableSection = Callable[[HttpRequest, Game, "int | None", bool], "dict[str, Any] | None"]
_SECTIONS: dict[str, TableSection] = {}


def add_table_section(name: str, section: TableSection) -> None:
    """Show `section` on every game's table, below the history, in the order added (adding a name again
    replaces it)."""
    _SECTIONS[name] = section


def table_sections(request: HttpRequest, game: Game, at: int | None, watched: bool) -> list[dict[str, Any]]:
    """The sections to show on this table, each a dict with its `template` and its context."""
    shown = (section(request, game, at, watched) for section in _SECTIONS.values())
    return [section for section in shown if section is not None]
