"""Citadels' history in chapters (`rules_kit.chapters`): each round opens with the choosing of characters
(turn 0), then each called character is a turn. Only public facts: the round's number and the character
called with its player, which everyone sees when it is called."""

from __future__ import annotations

from collections.abc import Mapping

from rules_kit.chapters import Chapter, Chapters

CALLS = ("character_revealed", "hospital_turn")


def opens(seen: Mapping[str, object], previous: Chapter | None) -> Chapter | None:
    """The chapter this event opens: a round's start (its draft), a character's call (a turn)."""
    kind = seen.get("type")
    if kind == "game_set_up":
        return {"round": 0, "turn": 0}
    if kind == "round_started":
        return {"round": seen["round"], "turn": 0}
    if kind in CALLS:
        round_ = previous["round"] if previous else 1
        turn = previous["turn"] + 1 if previous else 1
        return {"round": round_, "turn": turn, "seat": seen.get("seat"), "character": seen.get("character")}
    return None


CHAPTERS = Chapters(frozenset({"game_set_up", "round_started", *CALLS}), opens)
