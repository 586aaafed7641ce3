"""Dominion's story in numbers (the stats' "a game's story in pictures"): every player's victory points after each
turn and the composition of each player's deck after each of their turns, as the strategy sites draw it.

Read off the public part of the views at the end of each turn (`samples`, which the hosting folds from the log
as the replay does): what every player owns is public (each gain and trash is shown to all), so the numbers
are the same for every reader, during the game and after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from .cards import CARDS

SAMPLE_AT = "turn"


class TurnNumbers(TypedDict):
    turn: int  # the game's turn, 1 first
    seat: int  # whose turn it was
    points: list[int]  # every seat's victory points after it
    decks: list[dict[str, int]]  # every seat's cards by name after it


def numbers(samples: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The story's numbers: `turns`, one `TurnNumbers` per turn played (the setup left out)."""
    turns: list[TurnNumbers] = []
    for sample in samples:
        chapter = sample["chapter"]
        if int(chapter.get("turn", 0)) == 0 or chapter.get("seat") is None:
            continue
        players = sample["views"]["public"]["players"]
        turns.append({"turn": int(chapter["turn"]), "seat": int(chapter["seat"]),
                      "points": [int(p["victory_points"]) for p in players],
                      "decks": [dict(p["composition"]) for p in players]})
    return {"turns": turns}


# The cards every game has (or gives at the start): not a choice that tells how a player plays.
BASIC_CARDS = frozenset({"copper", "silver", "gold", "estate", "duchy", "province", "curse", "platinum", "colony"})


def _chosen(card: str) -> bool:
    """A card a player chose to gain: not a basic one, a Shelter (the start) or Ruins (an attack's gift)."""
    types = CARDS[card].types if card in CARDS else frozenset()
    return card not in BASIC_CARDS and not types & {"ruins", "shelter"}


def favourites(found: Mapping[str, Any], seat: int) -> dict[str, int]:
    """How many copies of each card beyond the basic ones `seat` owned at the end (of the story's `numbers`):
    the Kingdom cards a player goes for."""
    turns = found.get("turns", [])
    if not turns:
        return {}
    return {card: count for card, count in turns[-1]["decks"][seat].items() if _chosen(card) and count > 0}
