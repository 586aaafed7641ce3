"""What each card does when played, grouped by where the card comes from and what it does.

Every module registers its cards' step functions in `recorder.STEPS` (by card id) as it is imported; the
turn flow (turn.py, play.py, triggers.py) reaches a card's effect only through that table, never by
importing the card's module. Importing this package registers them all.
"""

from . import (  # noqa: F401 (each module registers its steps)
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
