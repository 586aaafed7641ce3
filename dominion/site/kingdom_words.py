"""The names of Dominion's card sets and recommended kingdoms in the active language (`dominion.options`
holds them by id): for the new-game form, a game's options, the table's label of each kingdom pile, and the
engine's refusals."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from dominion.options import set_of

SET_NAMES = {
    "dark_ages": gettext_noop("Dark Ages"),
    "base_second_edition": gettext_noop("Base game, 2nd edition"),
    "base_first_edition": gettext_noop("Base game, 1st edition"),
}

# A kingdom pile's set as the table labels it: the current printing is "the base game"; only the 6 dropped
# cards say which edition.
PILE_SET_LABELS = {
    "dark_ages": gettext_noop("Dark Ages"),
    "base_second_edition": gettext_noop("Base game"),
    "base_first_edition": gettext_noop("Base game (1st ed.)"),
}

RECOMMENDED_NAMES = {
    "grim_parade": gettext_noop("Grim Parade"),
    "playing_chess_with_death": gettext_noop("Playing Chess with Death"),
    "high_and_low": gettext_noop("High and Low"),
    "chivalry_and_revelry": gettext_noop("Chivalry and Revelry"),
    "first_game": gettext_noop("First Game"),
    "first_game_first_edition": gettext_noop("First Game (1st edition)"),
    "size_distortion": gettext_noop("Size Distortion"),
}


def set_name(name: str) -> str:
    """A card set's name (an option's `sets` entry); the id itself for an unknown one."""
    return _(SET_NAMES[name]) if name in SET_NAMES else name


def pile_set(pile: str) -> str:
    """The label of the set a kingdom pile comes from, e.g. "Dark Ages" or "Basisspiel (1. Ed.)"."""
    return _(PILE_SET_LABELS[set_of(pile)])


def recommended_name(name: str) -> str:
    """A recommended kingdom's name; the id itself for an unknown one."""
    return _(RECOMMENDED_NAMES[name]) if name in RECOMMENDED_NAMES else name
