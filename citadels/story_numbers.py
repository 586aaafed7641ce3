"""Citadels' story in numbers (the stats' "a game's story in pictures"): each player's score at the end of every
round, in district points and bonuses, and the characters each held that round.

Read off the views of the states at the end of each round (`samples`: the hosting folds the log, as the
replay does, and hands over the views the reader may see), never off the state: a player's characters are
the ones they revealed, and those of a seat whose own view the reader has (their own while the game runs,
every seat's once it is over), so a killed character's holder stays unknown to the others until the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from .cards import CHARACTERS

SAMPLE_AT = "round"


class SeatRound(TypedDict):
    """One seat at the end of one round."""

    seat: int
    districts: int  # the district points (an adorned district one more)
    bonuses: int  # the colour and complete-city bonuses and the Dark City's extras
    total: int
    characters: list[str]  # the characters it held, by rank (those the reader may know)


class RoundNumbers(TypedDict):
    round: int
    seats: list[SeatRound]


def _rank(character: str) -> int:
    found = CHARACTERS.get(character)
    return found.rank if found is not None else 99


def _held(player: Mapping[str, Any], own: Mapping[str, Any] | None) -> list[str]:
    """The characters a seat held this round as the reader may know them: revealed, or in its own view."""
    held = set(player.get("characters", []))
    if own is not None:
        held |= set(own.get("my_characters", []))
    return sorted(held, key=_rank)


def numbers(samples: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The story's numbers: `rounds`, one `RoundNumbers` per round played (round 0, the setup, left out).
    At the game's end the final scores stand in for the scores so far (they are the same but for a seat
    that resigned)."""
    rounds: list[RoundNumbers] = []
    for sample in samples:
        number = int(sample["chapter"].get("round", 0))
        if number == 0:
            continue
        public, seats = sample["views"]["public"], sample["views"].get("seats", {})
        final = {score["seat"]: score for score in public.get("scores", [])}
        row: list[SeatRound] = []
        for player in public["players"]:
            score = final.get(player["seat"], player["score"])
            row.append({"seat": player["seat"], "districts": score["districts"],
                        "bonuses": score["total"] - score["districts"], "total": score["total"],
                        "characters": _held(player, seats.get(player["seat"]))})
        if rounds and rounds[-1]["round"] == number:
            rounds[-1] = {"round": number, "seats": row}
        else:
            rounds.append({"round": number, "seats": row})
    return {"rounds": rounds}


def favourites(found: Mapping[str, Any], seat: int) -> dict[str, int]:
    """How many rounds `seat` held each character (of the story's `numbers`): a player's favourites."""
    counts: dict[str, int] = {}
    for round_ in found.get("rounds", []):
        for character in round_["seats"][seat]["characters"]:
            counts[character] = counts.get(character, 0) + 1
    return counts
