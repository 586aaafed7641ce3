"""Game options: which edition's readings, which characters and deck.

`Rules` is the resolved, validated form of a game's options dict. Edition differences are named options
of one engine, never copies of it; `docs/rulings.md` explains each default.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from .cards import BASE_CHARACTERS, BASE_DECK, CHARACTERS, DISTRICTS
from .errors import IllegalCommand

# What happens to the card not kept when a player draws cards as income.
REJECTED_TO_DISCARD = "discard"  # HiG 2000 (seed 000) and 2012: onto the open discard pile
REJECTED_ANY_HAND_CARD = "any_hand_card"  # HiG 2000 scan (seed 002): both into hand, then discard any one
REJECTED_UNDER_DECK = "under_deck"  # the online rules (seed 003): face down under the deck
REJECTED_CARD_CHOICES = (REJECTED_TO_DISCARD, REJECTED_ANY_HAND_CARD, REJECTED_UNDER_DECK)

EDITIONS: dict[str, dict[str, Any]] = {
    "2012": {"rejected_card": REJECTED_TO_DISCARD, "king_sees_face_down": True},
    "2000": {"rejected_card": REJECTED_ANY_HAND_CARD, "king_sees_face_down": False},
}
DEFAULT_EDITION = "2012"

# Face-up discarded characters per player count, for a set of 8 characters.
FACE_UP_BY_PLAYERS = {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0}

KNOWN_OPTIONS = {"edition", "rejected_card", "king_sees_face_down", "deck", "character_orders"}


class Rules(NamedTuple):
    """The resolved options of one game."""

    edition: str
    players: int
    characters: tuple[str, ...]  # in rank order
    deck: tuple[str, ...]  # the deck's cards, top first as dealt when given, else in card-list order
    deck_given: bool
    rejected_card: str
    king_sees_face_down: bool
    never_face_up: tuple[str, ...]
    face_up_count: int
    complete_city: int
    character_orders: tuple[tuple[str, ...], ...]


def _bad(message: str) -> IllegalCommand:
    return IllegalCommand("bad_options", message)


def resolve(options: dict[str, Any] | None, players: int) -> Rules:
    """Validate a game's options for `players` seats; raise IllegalCommand('bad_options') if wrong."""
    options = dict(options or {})
    unknown = set(options) - KNOWN_OPTIONS
    if unknown:
        raise _bad(f"unknown option(s): {', '.join(sorted(unknown))}")
    if not isinstance(players, int) or not 2 <= players <= 7:
        raise _bad("Citadels is played by 2 to 7 players")
    edition = options.get("edition", DEFAULT_EDITION)
    if edition not in EDITIONS:
        raise _bad(f"edition must be one of {', '.join(EDITIONS)}")
    settings = {**EDITIONS[edition], **{k: v for k, v in options.items() if k in EDITIONS[edition]}}
    if settings["rejected_card"] not in REJECTED_CARD_CHOICES:
        raise _bad(f"rejected_card must be one of {', '.join(REJECTED_CARD_CHOICES)}")
    if not isinstance(settings["king_sees_face_down"], bool):
        raise _bad("king_sees_face_down must be true or false")
    characters = BASE_CHARACTERS
    return Rules(
        edition=edition,
        players=players,
        characters=characters,
        deck=_deck(options.get("deck")),
        deck_given="deck" in options,
        rejected_card=settings["rejected_card"],
        king_sees_face_down=settings["king_sees_face_down"],
        never_face_up=("king",),
        face_up_count=FACE_UP_BY_PLAYERS[players],
        complete_city=8,
        character_orders=_character_orders(
            options.get("character_orders"), characters, FACE_UP_BY_PLAYERS[players], ("king",)
        ),
    )


def _deck(given: Any) -> tuple[str, ...]:
    if given is None:
        return BASE_DECK
    if not isinstance(given, list) or not all(isinstance(d, str) for d in given):
        raise _bad("deck must be a list of district ids")
    unknown = sorted(set(given) - set(DISTRICTS))
    if unknown:
        raise _bad(f"unknown district id(s) in deck: {', '.join(unknown)}")
    return tuple(given)


def _character_orders(
    given: Any, characters: tuple[str, ...], face_up: int, never_face_up: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """Each round's character deck as it lies once the face-up cards are turned (top first): the first
    `face_up` cards lie face up, the next one face down, the rest is handed to the crown's holder."""
    if given is None:
        return ()
    if not isinstance(given, list) or not all(isinstance(order, list) for order in given):
        raise _bad("character_orders must be a list of lists of character ids")
    for order in given:
        if Counter(order) != Counter(characters):
            raise _bad(f"each character order must hold each of {', '.join(characters)} once")
        shown = set(order[:face_up]) & set(never_face_up)
        if shown:
            raise _bad(f"{', '.join(sorted(shown))} may never lie face up: the first {face_up} cards are turned up")
    return tuple(tuple(order) for order in given)


def character_ids(characters: tuple[str, ...]) -> list[str]:
    """Character ids in rank order."""
    return sorted(characters, key=lambda c: CHARACTERS[c].rank)
