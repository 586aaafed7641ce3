"""Dominion's history in chapters (`rules_kit.chapters`): each turn is one, and a round is each player's
turn once (round 0: the setup and the first hands). Only public facts: whose turn and its number."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_kit.chapters import Chapter, Chapters


def opens(seen: Mapping[str, Any], previous: Chapter | None) -> Chapter | None:
    """The chapter this event opens: the setup, or a player's turn."""
    kind = seen.get("type")
    if kind == "game_set_up":
        return {"round": 0, "turn": 0, "players": int(seen.get("players", 1))}
    if kind == "turn_started":
        players = max(int(previous.get("players", 1)) if previous else 1, 1)
        turn = int(seen.get("turn", 0))
        return {"round": (turn - 1) // players + 1, "turn": turn, "seat": seen.get("seat"), "players": players}
    return None


CHAPTERS = Chapters(frozenset({"game_set_up", "turn_started"}), opens)
