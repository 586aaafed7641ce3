"""The options of a game and its opening: the Supply, every physical card, the starting decks, 5 cards each.

Options: the kingdom's (`kingdom`, `recommended`, `sets`, `at_least`, `ban`: `options.choose_kingdom`;
none: 10 drawn at random), `shelters` (true or false; absent: the rulebook's rule, `options.choose_shelters`).
For tests and re-created games only: `decks` (per seat the 10 starting cards, top first; seat 0 then begins)
and `piles` (`knights` and `ruins`: the order of those piles, top first).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

from rules_kit import IllegalCommand

from .cards import CARDS, KNIGHTS, RUINS_NAMES, SHELTERS, is_
from .events import CODEC, Event, GameSetUp, GameSetUpSecret, Payload
from .evolve import evolve
from .options import KINGDOM_OPTIONS, choose_kingdom, choose_shelters
from .recorder import Recorder
from .turn import start_turn

MIN_PLAYERS, MAX_PLAYERS = 2, 6
OPTIONS = KINGDOM_OPTIONS | {"shelters", "decks", "piles"}
LOOTERS = ("cultist", "death_cart", "marauder")
NON_SUPPLY = {"spoils": ("bandit_camp", "marauder", "pillage"), "madman": ("hermit",), "mercenary": ("urchin",)}
NON_SUPPLY_SIZE = {"spoils": 15, "madman": 10, "mercenary": 10}


def _bad(reason: str, message: str, **params: object) -> IllegalCommand:
    """A `bad_options` refusal: `reason` and `params` for the site's words, `message` in English."""
    return IllegalCommand("bad_options", message, reason, params)


def pile_sizes(kingdom: list[str], players: int) -> dict[str, int]:
    """Every pile (Supply first, in display order, then the piles outside the Supply) and its size."""
    large = players >= 3
    sizes = {
        "copper": 60 - 7 * players, "silver": 40, "gold": 30, "estate": 12 if large else 8,
        "duchy": 12 if large else 8, "province": {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}[players],
        "curse": 10 * (players - 1),
    }
    if any(k in LOOTERS for k in kingdom):
        sizes["ruins"] = 10 * (players - 1)
    for pile in sorted(kingdom, key=lambda k: (5 if k == "knights" else CARDS[k].cost, k)):
        if pile == "knights":
            sizes[pile] = 10
        elif pile == "rats":
            sizes[pile] = 20
        else:
            sizes[pile] = (12 if large else 8) if is_(pile, "victory") else 10
    for pile, makers in NON_SUPPLY.items():
        if any(k in makers for k in kingdom):
            sizes[pile] = NON_SUPPLY_SIZE[pile]
    return sizes


def _pile_order(options: dict[str, Any], pile: str, size: int, rng: random.Random) -> list[str]:
    """The cards of the Knights or Ruins pile, top first: the option's order or shuffled."""
    box = list(KNIGHTS) if pile == "knights" else [r for r in RUINS_NAMES for _ in range(10)]
    given = (options.get("piles") or {}).get(pile)
    if given is None:
        rng.shuffle(box)
        return box[:size]
    if not isinstance(given, list) or len(given) != size or Counter(given) - Counter(box):
        raise _bad("pile_order", f"'piles.{pile}' must list {size} cards of that pile", option=f"piles.{pile}", count=size)
    return list(given)


def setup(options: dict[str, Any] | None, players: int, rng: random.Random) -> list[Event]:
    """The opening events of a new game; IllegalCommand('bad_options') for options that make no game."""
    options = dict(options or {})
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise _bad("player_count", f"Dominion is for {MIN_PLAYERS} to {MAX_PLAYERS} players", min=MIN_PLAYERS, max=MAX_PLAYERS)
    if set(options) - OPTIONS:
        raise _bad("unknown_options", f"unknown options: {', '.join(sorted(set(options) - OPTIONS))}",
                   names=sorted(set(options) - OPTIONS))
    kingdom = choose_kingdom(options, rng)
    shelters = choose_shelters(options, kingdom, rng)
    sizes = pile_sizes(kingdom, players)
    names: list[str] = []
    piles: dict[str, list[int]] = {}
    for pile, size in sizes.items():
        cards = _pile_order(options, pile, size, rng) if pile in ("knights", "ruins") else [pile] * size
        piles[pile] = list(range(len(names), len(names) + len(cards)))
        names += cards
    decks = _starting_decks(options, players, shelters, rng)
    zones = []
    for deck in decks:
        ids = []
        for card in deck:
            ids.append(_take(card, names, piles))
        zones.append({"deck": ids, "hand": [], "discard": [], "in_play": [], "set_aside": []})
    first = 0 if "decks" in options else rng.randrange(players)
    supply = [p for p in sizes if p not in NON_SUPPLY]
    public: GameSetUp = {
        "players": players, "kingdom": kingdom, "shelters": shelters, "supply": supply,
        "non_supply": [p for p in sizes if p in NON_SUPPLY], "first": first,
        "sizes": {p: len(c) for p, c in piles.items()},
        "tops": {p: names[c[0]] for p, c in piles.items() if c},
    }
    secret: GameSetUpSecret = {"options": options, "names": names, "zones": zones, "piles": piles}
    opening = CODEC.event("game_set_up", cast(Payload, public), secret=cast(Payload, secret))
    game = Recorder(evolve(None, opening), rng, {})  # the opening draws and starts a turn: no effect runs
    for seat in range(players):
        game.draw(seat, 5)
    start_turn(game, first)
    game.finish()
    return [opening, *game.events]


def _starting_decks(options: dict[str, Any], players: int, shelters: bool, rng: random.Random) -> list[list[str]]:
    given = options.get("decks")
    if given is None:
        start = ["copper"] * 7 + (list(SHELTERS) if shelters else ["estate"] * 3)
        decks = []
        for _ in range(players):
            deck = list(start)
            rng.shuffle(deck)
            decks.append(deck)
        return decks
    if not isinstance(given, list) or len(given) != players:
        raise _bad("decks_per_seat", "'decks' needs one list of 10 cards per seat", option="decks", count=10)
    for deck in given:
        if not isinstance(deck, list) or len(deck) != 10 or any(c not in CARDS for c in deck):
            raise _bad("deck_cards", "each of 'decks' must be 10 card ids, top first", option="decks", count=10)
    return [list(d) for d in given]


STARTING = frozenset({"copper", "estate", *SHELTERS})


def _take(card: str, names: list[str], piles: dict[str, list[int]]) -> int:
    """A physical card for a starting deck: starting cards are made, any other comes from its pile."""
    if card not in STARTING:
        for cards in piles.values():
            for number in cards:
                if names[number] == card:
                    cards.remove(number)
                    return number
        raise _bad("card_not_left", f"no {card} is left in this game's piles for 'decks'", option="decks", card=card)
    names.append(card)
    return len(names) - 1
