"""Helpers of the notification tests."""

from __future__ import annotations

from typing import Any

from tests.games.helpers import seat_users, started_game

__all__ = ["seat_users", "started_game", "text_part"]


def text_part(message: Any) -> str:
    """The text/plain part of a received email."""
    return str(message.get_body(preferencelist=("plain",)).get_content())


def html_part(message: Any) -> str:
    """The text/html part of a received email."""
    return str(message.get_body(preferencelist=("html",)).get_content())
