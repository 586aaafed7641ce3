"""Standing answers by an emailed reply: a line `<what>: <answer>` that the game's site reads as one of its
standing answers ("moat: always", "discard: junk first", "wish: assassin, thief", "Wunsch: Dieb, König").

Like a resignation, such a line is taken whenever the reply comes, awaited or not and whatever the version
of the email it answers: a standing answer changes no one's turn (the rules' `anytime_commands`). The
words are the game's own (its site module's `read_standing`); a game without them has no such lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.registry import GameKind


def wanted(kind: GameKind, line: str, view: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The standing-answer command `line` means in this game (read with the sender's `view`), or None when
    the line is none (the reply reads it as a move). Only a command type the rules take at any time is one."""
    if ":" not in line:
        return None
    command = kind.site_module.read_standing(line, view)
    if command is None or command.get("type") not in kind.anytime_commands:
        return None
    return command
