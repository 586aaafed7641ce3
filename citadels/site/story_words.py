"""Citadels' history on the page in the active language: the titles of its chapters (`citadels.chapters`:
a round's choosing of characters, then each character's turn) and its lines, one per event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from .event_words import describe_event
from .words import character_name, district_name, seat_name


def describe_chapter(chapter: Mapping[str, Any], names: Mapping[int, str]) -> tuple[str, str]:
    """(the round's title, the turn's title; "" for none) of a chapter of the history."""
    round_, turn = int(chapter.get("round", 0)), int(chapter.get("turn", 0))
    if round_ == 0:
        return _("Setup"), ""
    title = _("Round {round}").format(round=round_)
    if turn == 0:
        return title, _("Choosing the characters")
    character = chapter.get("character")
    called = character_name(character) if isinstance(character, str) else "?"
    return title, _("{character}: {who}").format(character=called, who=seat_name(names, chapter.get("seat")))


def describe_events(seens: list[Mapping[str, Any]], names: Mapping[int, str]) -> list[tuple[int, int, str]]:
    """The history's lines of these events (as the reader sees them): one line per event, as
    (its index, the same index, the words)."""
    return [(index, index, describe_event(seen, names)) for index, seen in enumerate(seens)]


def hand_words(view: Mapping[str, Any]) -> list[str]:
    """A seat's hidden cards as its own view shows them, in words (the replay of a finished game opens
    every hand): its characters of the round, then its districts in hand."""
    characters = [character_name(str(c)) for c in view.get("my_characters", [])]
    return characters + [district_name(str(d)) for d in view.get("hand", [])]
