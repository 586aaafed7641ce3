"""Game options: which edition's readings, which characters and deck.

`Rules` is the resolved, validated form of a game's options dict. Edition differences are named options
of one engine, never copies of it; `docs/rulings.md` explains each default.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

from rules_kit import IllegalCommand

from .cards import BASE_CHARACTERS, BASE_PURPLE, CHARACTERS, DARK_CITY_PURPLE, DISTRICTS, Colour, deck_of

# What happens to the card not kept when a player draws cards as income.
REJECTED_TO_DISCARD = "discard"  # HiG 2000 (seed 000) and 2012: onto the open discard pile
REJECTED_ANY_HAND_CARD = "any_hand_card"  # HiG 2000 scan (seed 002): both into hand, then discard any one
REJECTED_UNDER_DECK = "under_deck"  # the online rules (seed 003): face down under the deck
REJECTED_CARD_CHOICES = (REJECTED_TO_DISCARD, REJECTED_ANY_HAND_CARD, REJECTED_UNDER_DECK)

ONLINE = "online"


class Edition(NamedTuple):
    """An edition's readings, each of which the options may set otherwise (except in the online rules)."""

    rejected_card: str
    king_sees_face_down: bool


EDITIONS: dict[str, Edition] = {
    "2012": Edition(rejected_card=REJECTED_TO_DISCARD, king_sees_face_down=True),
    "2000": Edition(rejected_card=REJECTED_ANY_HAND_CARD, king_sees_face_down=False),
    ONLINE: Edition(rejected_card=REJECTED_UNDER_DECK, king_sees_face_down=False),
}
DEFAULT_EDITION = "2012"

# Face-up discarded characters per player count, by the number of characters (seed 000, 001, 003).
FACE_UP = {
    8: {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0},
    9: {4: 3, 5: 2, 6: 1, 7: 0, 8: 0},
}
FACE_UP_ONLINE = {
    8: {3: 3, 4: 2, 5: 1, 6: 0, 7: 0},
    9: {3: 4, 4: 3, 5: 2, 6: 1, 7: 0, 8: 0},
}
QUEEN_MIN_PLAYERS = 5

KNOWN_OPTIONS = {
    "edition", "rejected_card", "king_sees_face_down", "deck", "character_orders",
    "characters", "random_characters", "purple", "dark_city_districts",
}


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
    one_character_each: bool = False  # the online rules at 3 players
    random_first_crown: bool = False  # the online rules


def _bad(reason: str, message: str, **params: object) -> IllegalCommand:
    """A `bad_options` refusal: `reason` and `params` for the site's words, `message` in English."""
    return IllegalCommand("bad_options", message, reason, params)


def resolve(options: Mapping[str, object] | None, players: int) -> Rules:
    """Validate a game's options for `players` seats; raise IllegalCommand('bad_options') if wrong.

    `random_characters` and `dark_city_districts` are drawn by the setup, which writes the drawn set into
    the options it stores; here they only need to be possible.
    """
    options = dict(options or {})
    unknown = set(options) - KNOWN_OPTIONS
    if unknown:
        raise _bad("unknown_options", f"unknown option(s): {', '.join(sorted(unknown))}", names=sorted(unknown))
    edition = options.get("edition", DEFAULT_EDITION)
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise _bad("not_a_choice", f"edition must be one of {', '.join(EDITIONS)}", option="edition", choices=list(EDITIONS))
    lowest = 3 if edition == ONLINE else 2
    if isinstance(players, bool) or not isinstance(players, int) or not lowest <= players <= 8:
        if edition == ONLINE:
            raise _bad("player_count_online", f"Citadels is played by {lowest} to 8 players online", min=lowest, max=8)
        raise _bad("player_count", f"Citadels is played by {lowest} to 8 players", min=lowest, max=8)
    rejected_card, king_sees_face_down = _readings(options, EDITIONS[edition])
    characters = _characters(options, players, edition)
    face_up = (FACE_UP_ONLINE if edition == ONLINE else FACE_UP)[len(characters)][players]
    never_face_up = ("king", "emperor") if edition == ONLINE else ("king",)
    return Rules(
        edition=edition,
        players=players,
        characters=characters,
        deck=_deck(options),
        deck_given="deck" in options,
        rejected_card=rejected_card,
        king_sees_face_down=king_sees_face_down,
        never_face_up=never_face_up,
        face_up_count=face_up,
        complete_city=8,
        character_orders=_character_orders(options.get("character_orders"), characters, face_up, never_face_up),
        one_character_each=edition == ONLINE and players == 3,
        random_first_crown=edition == ONLINE,
    )


def _readings(options: Mapping[str, object], edition: Edition) -> Edition:
    """The edition's readings, as the options set them."""
    rejected_card = options.get("rejected_card", edition.rejected_card)
    if not isinstance(rejected_card, str) or rejected_card not in REJECTED_CARD_CHOICES:
        raise _bad("not_a_choice", f"rejected_card must be one of {', '.join(REJECTED_CARD_CHOICES)}",
                   option="rejected_card", choices=list(REJECTED_CARD_CHOICES))
    king_sees_face_down = options.get("king_sees_face_down", edition.king_sees_face_down)
    if not isinstance(king_sees_face_down, bool):
        raise _bad("not_a_boolean", "king_sees_face_down must be true or false", option="king_sees_face_down")
    return Edition(rejected_card, king_sees_face_down)


def character_count(players: int) -> int:
    """How many characters `random_characters` draws: 9 from 4 players on, 8 for 2-3 players."""
    return 8 if players <= 3 else 9


def _characters(options: Mapping[str, object], players: int, edition: str) -> tuple[str, ...]:
    random_ = options.get("random_characters", False)
    if not isinstance(random_, bool):
        raise _bad("not_a_boolean", "random_characters must be true or false", option="random_characters")
    given = options.get("characters")
    if random_ and given is not None:
        raise _bad("either_or", "give either characters or random_characters, not both",
                   options=["characters", "random_characters"])
    if random_:
        given = list(BASE_CHARACTERS) + (["artist"] if character_count(players) == 9 else [])
    if given is None:
        if players == 8:
            raise _bad("nine_characters_needed", "8 players need 9 characters: give 'characters' with a rank 9 or random_characters")
        return BASE_CHARACTERS
    if not isinstance(given, list) or not all(isinstance(c, str) for c in given):
        raise _bad("not_a_list_of_ids", "characters must be a list of character ids", option="characters")
    unknown = sorted(set(given) - set(CHARACTERS))
    if unknown:
        raise _bad("unknown_ids", f"unknown character id(s): {', '.join(unknown)}", option="characters", names=unknown)
    ranks = Counter(CHARACTERS[c].rank for c in given)
    doubled = sorted(r for r, n in ranks.items() if n > 1)
    if doubled:
        raise _bad("rank_doubled", f"two characters of rank {', '.join(map(str, doubled))}: one character per rank",
                   ranks=doubled)
    if sorted(ranks) not in (list(range(1, 9)), list(range(1, 10))):
        raise _bad("ranks_incomplete", "characters must hold exactly one character of each rank 1-8, or of each rank 1-9")
    if len(given) == 9 and (players == 2 or (players == 3 and edition != ONLINE)):
        if players == 2:
            raise _bad("eight_characters_only", "2 players play with 8 characters (ranks 1-8)", players=players)
        raise _bad("nine_characters_online_only",
                   "3 players play with 8 characters (ranks 1-8); 9 at 3 players only with the online rules",
                   players=players)
    if len(given) == 8 and players == 8:
        raise _bad("nine_characters_needed", "8 players need 9 characters (one of rank 9)")
    if "queen" in given and players < QUEEN_MIN_PLAYERS:
        raise _bad("queen_players", f"the Queen plays only with {QUEEN_MIN_PLAYERS} or more players", min=QUEEN_MIN_PLAYERS)
    return tuple(sorted(given, key=lambda c: CHARACTERS[c].rank))


def _deck(options: Mapping[str, object]) -> tuple[str, ...]:
    given = options.get("deck")
    if given is None:
        return deck_of(_purple(options))
    if not isinstance(given, list) or not all(isinstance(d, str) for d in given):
        raise _bad("not_a_list_of_ids", "deck must be a list of district ids", option="deck")
    unknown = sorted(set(given) - set(DISTRICTS))
    if unknown:
        raise _bad("unknown_ids", f"unknown district id(s) in deck: {', '.join(unknown)}", option="deck", names=unknown)
    _purple(options)  # checked even when a stacked deck overrides it
    return tuple(given)


def _purple(options: Mapping[str, object]) -> tuple[str, ...]:
    purple = options.get("purple")
    mixed = options.get("dark_city_districts")
    if mixed is not None:
        if purple is not None:
            raise _bad("either_or", "give either purple or dark_city_districts, not both",
                       options=["purple", "dark_city_districts"])
        if isinstance(mixed, bool) or not isinstance(mixed, int) or not 0 <= mixed <= len(DARK_CITY_PURPLE):
            raise _bad("not_in_range", f"dark_city_districts must be a number from 0 to {len(DARK_CITY_PURPLE)}",
                       option="dark_city_districts", min=0, max=len(DARK_CITY_PURPLE))
        return BASE_PURPLE
    if purple is None:
        return BASE_PURPLE
    if not isinstance(purple, list) or not all(isinstance(d, str) for d in purple):
        raise _bad("not_a_list_of_ids", "purple must be a list of purple district ids", option="purple")
    unknown = sorted(set(purple) - set(DISTRICTS))
    if unknown:
        raise _bad("unknown_ids", f"unknown district id(s) in purple: {', '.join(unknown)}", option="purple", names=unknown)
    coloured = sorted(d for d in set(purple) if DISTRICTS[d].colour != Colour.PURPLE)
    if coloured:
        raise _bad("not_purple", f"not purple: {', '.join(coloured)} (the coloured districts are always in the deck)",
                   names=coloured)
    if len(set(purple)) != len(purple):
        raise _bad("purple_twice", "purple names each district once (the Keep brings its two copies)")
    return tuple(purple)


def _character_orders(
    given: object, characters: tuple[str, ...], face_up: int, never_face_up: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """Each round's character deck as it lies once the face-up cards are turned (top first): the first
    `face_up` cards lie face up, the next one face down, the rest is handed to the crown's holder."""
    if given is None:
        return ()
    if not isinstance(given, list) or not all(isinstance(order, list) for order in given):
        raise _bad("not_a_list_of_lists", "character_orders must be a list of lists of character ids",
                   option="character_orders")
    for order in given:
        if Counter(order) != Counter(characters):
            raise _bad("order_incomplete", f"each character order must hold each of {', '.join(characters)} once",
                       names=list(characters))
        shown = set(order[:face_up]) & set(never_face_up)
        if shown:
            raise _bad("never_face_up", f"{', '.join(sorted(shown))} may never lie face up: the first {face_up} cards are turned up",
                       names=sorted(shown), count=face_up)
    return tuple(tuple(order) for order in given)
