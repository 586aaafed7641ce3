"""The opening of a game: the drawn characters and purples, the shuffled deck, 4 cards and 2 gold each,
the crown, the first draft."""

from __future__ import annotations

import random
from collections.abc import Mapping

from . import draft
from .cards import BASE_PURPLE, CHARACTERS, DARK_CITY_PURPLE, DISTRICTS, Colour
from .events import CODEC, Event
from .evolve import evolve
from .options import QUEEN_MIN_PLAYERS, character_count, resolve
from .recorder import Recorder

STARTING_GOLD, STARTING_HAND = 2, 4


def setup(options: Mapping[str, object] | None, players: int, rng: random.Random) -> list[Event]:
    """The opening events of a new game; IllegalCommand('bad_options') for options that make no game."""
    resolve(options, players)
    options = drawn_options(dict(options or {}), players, rng)
    rules = resolve(options, players)
    deck = list(rules.deck)
    if not rules.deck_given:
        rng.shuffle(deck)
    hands = {seat: deck[seat * STARTING_HAND:(seat + 1) * STARTING_HAND] for seat in range(players)}
    deck = deck[players * STARTING_HAND:]
    crown = rng.randrange(players) if rules.random_first_crown else 0
    purple = sorted({d for d in rules.deck if DISTRICTS[d].colour == Colour.PURPLE})
    opening = CODEC.event(
        "game_set_up",
        public={
            "players": players, "gold": STARTING_GOLD, "crown": crown, "edition": rules.edition,
            "rejected_card": rules.rejected_card, "king_sees_face_down": rules.king_sees_face_down,
            "deck_size": len(deck), "characters": list(rules.characters), "purple": purple,
        },
        private={seat: {"hand": hand} for seat, hand in hands.items()},
        secret={"options": options, "deck": deck},
    )
    rec = Recorder(evolve(None, opening), rng)
    draft.start_round(rec)
    return [opening, *rec.events]


def drawn_options(options: dict[str, object], players: int, rng: random.Random) -> dict[str, object]:
    """The options with `random_characters` and `dark_city_districts` replaced by the drawn sets (what the
    setup event stores, so that the fold never draws)."""
    if options.pop("random_characters", False):
        options["characters"] = random_characters(players, rng)
    mixed = options.pop("dark_city_districts", None)
    if isinstance(mixed, int):  # a number of 0 to 14 (`resolve` checked it)
        options["purple"] = mixed_purple(mixed, rng)
    return options


def random_characters(players: int, rng: random.Random) -> list[str]:
    """One character per rank at random: 9 ranks from 4 players on, 8 at 2-3; no Queen below 5 players."""
    chosen = []
    for rank in range(1, character_count(players) + 1):
        candidates = [
            c for c, card in CHARACTERS.items()
            if card.rank == rank and not (c == "queen" and players < QUEEN_MIN_PLAYERS)
        ]
        chosen.append(rng.choice(candidates))
    return chosen


# Seed 000: "2-3 Bauwerkarten aus den dunklen Landen zu verwenden oder, bei Verwendung von mehr als 2-3 Karten,
# die entsprechende Anzahl violetter Gebäude aus dem Grundspiel zu entfernen".
DARK_PURPLE_ADDED_FREELY = 3


def mixed_purple(count: int, rng: random.Random) -> list[str]:
    """`count` Dark City purples at random: up to 3 are added to all the base purples; more each replace a
    random base purple (all of them beyond 10)."""
    added = rng.sample(DARK_CITY_PURPLE, count)
    replaced = count if count > DARK_PURPLE_ADDED_FREELY else 0
    removed = set(rng.sample(BASE_PURPLE, min(replaced, len(BASE_PURPLE))))
    return [d for d in BASE_PURPLE if d not in removed] + added
