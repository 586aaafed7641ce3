"""The base game's kingdom cards that draw, give +Actions/+Buys/+$ or gain and trash (both editions; the
Attacks live in cards_basegame_attacks.py, the cards that look at or play other cards in
cards_basegame_more.py)."""

from __future__ import annotations

from typing import Any

from . import decisions
from .cards import TREASURE
from .game import Game, Step, step
from .state import Frame
from .triggers import gain_choice


def _plain(cards: int = 0, actions: int = 0, buys: int = 0, coins: int = 0) -> Step:
    """A card that only draws and gives +Actions, +Buys, +$."""
    def effect(g: Game, f: Frame, ans: Any) -> None:
        g.draw(f["seat"], cards)
        g.plus(actions=actions, buys=buys, coins=coins)
    return effect


for _name, _effect in {
    "village": _plain(cards=1, actions=2),
    "smithy": _plain(cards=3),
    "festival": _plain(actions=2, buys=1, coins=2),
    "laboratory": _plain(cards=2, actions=1),
    "market": _plain(cards=1, actions=1, buys=1, coins=1),
    "woodcutter": _plain(buys=1, coins=2),
    "moat": _plain(cards=2),
}.items():
    step(_name)(_effect)


@step("merchant")
def _merchant(g: Game, f: Frame, ans: Any) -> None:
    """+1 Card +1 Action; the turn's first Silver play makes $1 more (the fold counts Merchant plays, the
    Silver's play pays them: `merchant_bonus`)."""
    g.draw(f["seat"], 1)
    g.plus(actions=1)


@step("council_room")
def _council_room(g: Game, f: Frame, ans: Any) -> None:
    """+4 Cards +1 Buy; each other player draws a card, in turn order (not an Attack: Moat does not help)."""
    g.draw(f["seat"], 4)
    g.plus(buys=1)
    for other in g.s.order_from(f["seat"]):
        g.draw(other, 1)


@step("poacher")
def _poacher(g: Game, f: Frame, ans: Any) -> None:
    """+1 Card +1 Action +$1; discard a card per empty Supply pile (now, the +1 Card first)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 1)
        g.plus(actions=1, coins=1)
        empty = sum(1 for pile in g.s.supply if not g.s.piles[pile])
        hand = g.zone(seat, "hand")
        count = min(empty, len(hand))
        if count:
            g.ask(f, 1, decisions.pick(seat, "poacher", "discard", hand, count, count))
    else:
        g.discard(seat, ans)


@step("cellar")
def _cellar(g: Game, f: Frame, ans: Any) -> None:
    """+1 Action; discard any number of cards, then draw as many (only the count and the new top of the
    discard pile are public)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(actions=1)
        hand = g.zone(seat, "hand")
        if hand:
            g.ask(f, 1, decisions.pick(seat, "cellar", "discard_to_draw", hand, 0, len(hand)))
    else:
        g.draw(seat, len(g.move(seat, ans, "hand", "discard", "discarded", "owner")))


@step("chapel")
def _chapel(g: Game, f: Frame, ans: Any) -> None:
    """Trash up to 4 cards from your hand, all at once."""
    seat = f["seat"]
    if f["step"] == 0:
        g.ask(f, 1, decisions.pick(seat, "chapel", "trash", g.zone(seat, "hand"), 0, 4))
    else:
        g.trash(seat, ans, "hand")


@step("workshop")
def _workshop(g: Game, f: Frame, ans: Any) -> None:
    gain_choice(g, f["seat"], "workshop", hi=4)


@step("feast")
def _feast(g: Game, f: Frame, ans: Any) -> None:
    """Trash this (only if it is still in play: once under Throne Room, never as Band of Misfits); gain a
    card costing up to $5 all the same. The trashing resolves first."""
    gain_choice(g, f["seat"], "feast", hi=5)
    g.trash(f["seat"], [f["card"]], "in_play")


@step("remodel")
def _remodel(g: Game, f: Frame, ans: Any) -> None:
    """Trash a card from your hand (when-trashed effects first); gain a card costing up to $2 more."""
    seat = f["seat"]
    if f["step"] == 0:
        hand = g.zone(seat, "hand")
        if hand:
            g.ask(f, 1, decisions.pick(seat, "remodel", "trash", hand, 1, 1))
    else:
        gain_choice(g, seat, "remodel", hi=g.cost(ans[0]) + 2)
        g.trash(seat, ans, "hand")


@step("mine")
def _mine(g: Game, f: Frame, ans: Any) -> None:
    """You may trash a Treasure from your hand; if you do, gain a Treasure costing up to $3 more into
    your hand."""
    seat = f["seat"]
    if f["step"] == 0:
        treasures = [c for c in g.zone(seat, "hand") if g.is_(c, TREASURE)]
        if treasures:
            g.ask(f, 1, decisions.pick(seat, "mine", "trash", treasures, 0, 1))
    elif ans:
        gain_choice(g, seat, "mine", hi=g.cost(ans[0]) + 3, kind=TREASURE, target="hand")
        g.trash(seat, ans, "hand")


@step("moneylender")
def _moneylender(g: Game, f: Frame, ans: Any) -> None:
    """You may trash a Copper from your hand for +$3."""
    seat = f["seat"]
    if f["step"] == 0:
        coppers = [c for c in g.zone(seat, "hand") if g.name(c) == "copper"]
        if coppers:
            g.ask(f, 1, decisions.pick(seat, "moneylender", "trash", coppers, 0, 1))
    elif g.trash(seat, ans, "hand"):
        g.plus(coins=3)


@step("artisan")
def _artisan(g: Game, f: Frame, ans: Any) -> None:
    """Gain a card costing up to $5 into your hand; put a card from your hand onto your deck."""
    seat = f["seat"]
    if f["step"] == 0:
        g.then(f, 1)
        gain_choice(g, seat, "artisan", hi=5, target="hand")
    elif f["step"] == 1:
        hand = g.zone(seat, "hand")
        if hand:
            g.ask(f, 2, decisions.pick(seat, "artisan", "onto_deck", hand, 1, 1))
    else:
        g.move(seat, ans, "hand", "deck", "put_on_deck", "owner")


@step("chancellor")
def _chancellor(g: Game, f: Frame, ans: Any) -> None:
    """+$2; you may put your deck into your discard pile at once (unseen, not discarding)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(coins=2)
        if g.zone(seat, "deck"):
            g.ask(f, 1, decisions.choose(seat, "chancellor", "deck_to_discard", ["yes", "no"]))
    elif ans == "yes":
        g.move(seat, list(g.zone(seat, "deck")), "deck", "discard", "discarded", "nobody")


@step("adventurer")
def _adventurer(g: Game, f: Frame, ans: Any) -> None:
    """Reveal cards until 2 Treasures (a shuffle leaves the revealed ones out); those into your hand, the
    other revealed cards discarded."""
    seat = f["seat"]
    revealed: list[int] = []
    treasures: list[int] = []
    while len(treasures) < 2:
        cards = g.reveal(seat, 1)
        if not cards:
            break
        revealed += cards
        if g.is_(cards[0], TREASURE):
            treasures.append(cards[0])
    g.move(seat, treasures, "set_aside", "hand", "put_in_hand")
    g.discard(seat, [c for c in revealed if c not in treasures], "set_aside")
