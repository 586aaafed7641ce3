"""What each card does when played, grouped by where the card comes from and what it does.

Every module exports its cards' step functions in a table `STEPS` (by card id); `STEPS` below merges them,
and the turn flow (turn.py, play.py, triggers.py) reaches a card's effect only through the merged table
(`decide.STEPS`, which the recorder runs frames by), never by importing the card's module.
"""

from __future__ import annotations

from ..recorder import Step
from . import (
    base_attacks,
    base_draw_and_play,
    base_trash_and_gain,
    dark_ages_deck_and_draw,
    dark_ages_gain_and_coins,
    dark_ages_knights,
    dark_ages_looters,
    dark_ages_trashers,
    ruins_and_shelters,
    treasures,
)

TABLES: tuple[dict[str, Step], ...] = (
    base_attacks.STEPS,
    base_draw_and_play.STEPS,
    base_trash_and_gain.STEPS,
    dark_ages_deck_and_draw.STEPS,
    dark_ages_gain_and_coins.STEPS,
    dark_ages_knights.STEPS,
    dark_ages_looters.STEPS,
    dark_ages_trashers.STEPS,
    ruins_and_shelters.STEPS,
    treasures.STEPS,
)
"""Each module's table (a test holds them to naming no card twice)."""

STEPS: dict[str, Step] = {op: step for table in TABLES for op, step in table.items()}
"""Every card's step functions by its frame `op`."""
