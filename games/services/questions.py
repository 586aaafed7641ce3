"""Asking before a wasteful move: which of a seat's legal commands the rules flag (`GameRules.question`),
and the player's setting that turns the questions off."""

from __future__ import annotations

from typing import Any

from accounts.models import User

from .. import store
from ..models import Game, TableSettings
from ..registry import get_kind


def asks_before_waste(user: User | None) -> bool:
    """Whether the table asks this player before a move that does nothing useful (on unless turned off)."""
    if user is None or not user.is_authenticated:
        return False
    found = TableSettings.objects.filter(user=user).values_list("ask_before_waste", flat=True).first()
    return True if found is None else bool(found)


def set_asks_before_waste(user: User, ask: bool) -> None:
    """Turn the questions before wasteful moves on or off for this player."""
    TableSettings.objects.update_or_create(user=user, defaults={"ask_before_waste": bool(ask)})


def questions(game: Game, seat: int, legal: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str, dict[str, Any]]]:
    """The seat's legal commands the rules ask about, each with the question's code and parameters."""
    if not legal:
        return []
    rules = get_kind(game.kind).rules
    state = store.load_state(game)
    asked = []
    for command in legal:
        question = rules.question(state, seat, command)
        if question is not None:
            asked.append((command, *question))
    return asked
