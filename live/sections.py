"""The mark of a running table's side changes (`live.marks`: its requests to take a move back, the chat lines
its viewer reads), added to every game's table (`games.table_sections`): the page's script sends it with
the version as its stream's `?since=V.S`, so a page that missed a line or an answer while its stream was
away is told at once, and a line already on the page is not told again."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games import table_sections
from games.models import Game

from .marks import read_marks, table_keys


def table_mark(game: Game, user: Any, *, watched: bool = False) -> int:
    """The sum of the viewer's side keys' numbers (each only grows, so the sum does)."""
    return sum(read_marks(table_keys(game, user, watched=watched)).values())


def mark_section(request: HttpRequest, game: Game, at: int | None, watched: bool) -> dict[str, Any] | None:
    """The hidden mark on a running table seen now (none on a replay or an ended game: no stream)."""
    if at is not None or game.status != Game.Status.ACTIVE:
        return None
    return {"template": "live/mark.html", "mark": table_mark(game, request.user, watched=watched)}


def add() -> None:
    """Add the mark to every table (from `LiveConfig.ready`)."""
    table_sections.sections.register(mark_section, name="live")
