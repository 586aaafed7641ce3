"""The opening of a game: the shuffled deck, 4 cards and 2 gold each, the crown, the first draft."""

from __future__ import annotations

import random
from typing import Any

from . import draft
from .events import Event
from .evolve import evolve
from .options import resolve
from .recorder import Recorder

STARTING_GOLD, STARTING_HAND = 2, 4


def setup(options: dict[str, Any] | None, players: int, rng: random.Random) -> list[Event]:
    """The opening events of a new game; IllegalCommand('bad_options') for options that make no game."""
    rules = resolve(options, players)
    deck = list(rules.deck)
    if not rules.deck_given:
        rng.shuffle(deck)
    hands = {seat: deck[seat * STARTING_HAND:(seat + 1) * STARTING_HAND] for seat in range(players)}
    deck = deck[players * STARTING_HAND:]
    opening = Event(
        "game_set_up",
        public={
            "players": players, "gold": STARTING_GOLD, "crown": 0, "edition": rules.edition,
            "rejected_card": rules.rejected_card, "king_sees_face_down": rules.king_sees_face_down,
            "deck_size": len(deck),
        },
        private={seat: {"hand": hand} for seat, hand in hands.items()},
        secret={"options": dict(options or {}), "deck": deck},
    )
    rec = Recorder(evolve(None, opening), rng)
    draft.start_round(rec)
    return [opening, *rec.events]
