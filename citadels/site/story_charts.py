"""Citadels' story in pictures (`games.registry.StoryCharts`): the numbers of `citadels.story_numbers` as
charts, in the active language: each player's score by round, and who held which character each round."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from citadels.cards import CHARACTERS
from citadels.story_numbers import SAMPLE_AT, favourites, numbers

from .words import character_name, seat_name

__all__ = ["SAMPLE_AT", "charts", "favourite_name", "favourites", "favourites_title", "numbers"]


def _score_chart(rounds: list[dict[str, Any]], seats: list[int], names: dict[int, str]) -> dict[str, Any]:
    columns = [_("Round %(number)s") % {"number": r["round"]} for r in rounds]
    return {
        "type": "lines", "id": "scores", "title": _("Score by round"), "x_title": _("Round"), "y_title": _("Points"),
        "description": _("Each player's points at the end of each round."),
        "x": [str(r["round"]) for r in rounds],
        "series": [{"name": seat_name(names, seat), "values": [r["seats"][i]["total"] for r in rounds]}
                   for i, seat in enumerate(seats)],
        "table": {
            "note": _("Points at the end of each round: the total, then the district points and the bonuses."),
            "columns": columns,
            "rows": [{"name": seat_name(names, seat), "cells": [
                _("%(total)s (%(districts)s + %(bonuses)s)") % r["seats"][i] for r in rounds]}
                for i, seat in enumerate(seats)],
        },
    }


def _character_chart(rounds: list[dict[str, Any]], seats: list[int], names: dict[int, str]) -> dict[str, Any]:
    def cell(held: list[str]) -> dict[str, Any]:
        if not held:
            return {"text": _("unknown"), "short": "?", "tone": None}
        ranks = [CHARACTERS[c].rank for c in held if c in CHARACTERS]
        return {"text": ", ".join(character_name(c) for c in held), "short": "·".join(str(r) for r in ranks),
                "tone": ranks[0] - 1 if ranks else None}

    rows: list[dict[str, Any]] = [
        {"name": seat_name(names, seat), "cells": [cell(r["seats"][i]["characters"]) for r in rounds]}
        for i, seat in enumerate(seats)]
    return {
        "type": "grid", "id": "characters", "title": _("Characters by round"), "x_title": _("Round"),
        "description": _("The characters each player held each round, by their numbers."),
        "x": [str(r["round"]) for r in rounds], "rows": rows,
        "table": {"note": _("A character nobody revealed shows as unknown until the game has ended."),
                  "columns": [_("Round %(number)s") % {"number": r["round"]} for r in rounds],
                  "rows": [{"name": row["name"], "cells": [c["text"] for c in row["cells"]]} for row in rows]},
    }


def charts(found: dict[str, Any], names: dict[int, str]) -> list[dict[str, Any]]:
    """The story's charts: the score by round and the characters by round (none before the first round)."""
    rounds = found["rounds"]
    if not rounds:
        return []
    seats = [s["seat"] for s in rounds[0]["seats"]]
    return [_score_chart(rounds, seats, names), _character_chart(rounds, seats, names)]


def favourites_title() -> str:
    """The heading of a player's favourites (`favourites`), in the active language."""
    return _("Favourite characters")


def favourite_name(favourite: str) -> str:
    """One of a player's favourites in the active language."""
    return character_name(favourite)
