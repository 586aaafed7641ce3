"""Kingdom cards costing $1 to $3: Poor House, Beggar, Squire, Vagrant, Forager, Hermit, Market Square,
Sage, Storeroom, Urchin."""

from __future__ import annotations

from typing import Any

from . import decisions
from .cards import CURSE, RUINS, SHELTER, TREASURE, VICTORY
from .game import Game, step
from .state import Frame
from .triggers import discard_down, gain_choice


@step("poor_house")
def _poor_house(g: Game, f: Frame, ans: Any) -> None:
    """+$4; reveal your hand; the +$4 less $1 per Treasure in it, never below $0 (the rulebook's reading:
    money made before the Poor House is kept, see docs/rulings-dominion.md)."""
    seat = f["seat"]
    hand = g.zone(seat, "hand")
    g.emit("hand_revealed", {"seat": seat, "cards": list(hand), "names": g.names(hand)})
    treasures = sum(1 for c in hand if g.is_(c, TREASURE))
    g.plus(coins=max(0, 4 - treasures))


@step("beggar")
def _beggar(g: Game, f: Frame, ans: Any) -> None:
    """Gain 3 Coppers to your hand."""
    for _ in range(3):
        g.gain(f["seat"], "copper", "hand")


@step("squire")
def _squire(g: Game, f: Frame, ans: Any) -> None:
    """+$1; choose: +2 Actions, +2 Buys, or gain a Silver."""
    if f["step"] == 0:
        g.plus(coins=1)
        g.ask(f, 1, decisions.choose(f["seat"], "squire", "choose", ["actions", "buys", "silver"]))
    elif ans == "actions":
        g.plus(actions=2)
    elif ans == "buys":
        g.plus(buys=2)
    else:
        g.gain(f["seat"], "silver")


@step("vagrant")
def _vagrant(g: Game, f: Frame, ans: Any) -> None:
    """+1 Card +1 Action; reveal the top card: Curse, Ruins, Shelter or Victory to hand, else back."""
    seat = f["seat"]
    g.draw(seat, 1)
    g.plus(actions=1)
    for card in g.reveal(seat, 1):
        if any(g.is_(card, kind) for kind in (CURSE, RUINS, SHELTER, VICTORY)):
            g.move(seat, [card], "set_aside", "hand", "put_in_hand")
        else:
            g.move(seat, [card], "set_aside", "deck", "put_on_deck")


@step("forager")
def _forager(g: Game, f: Frame, ans: Any) -> None:
    """+1 Action +1 Buy; trash a card from your hand; +$1 per differently named Treasure in the trash."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(actions=1, buys=1)
        g.ask(f, 1, decisions.pick(seat, "forager", "trash", g.zone(seat, "hand"), 1, 1))
    elif f["step"] == 1:
        g.then(f, 2)
        g.trash(seat, ans, "hand")
    else:
        g.plus(coins=len({g.name(c) for c in g.s.trash if g.is_(c, TREASURE)}))


@step("hermit")
def _hermit(g: Game, f: Frame, ans: Any) -> None:
    """You may trash a non-Treasure from your discard pile or hand; gain a card costing up to $3."""
    seat = f["seat"]
    if f["step"] == 0:
        cards = [c for z in ("discard", "hand") for c in g.zone(seat, z) if not g.is_(c, TREASURE)]
        g.ask(f, 1, decisions.pick(seat, "hermit", "trash", cards, 0, 1))
    else:
        gain_choice(g, seat, "hermit", hi=3)
        if ans:
            source = "hand" if ans[0] in g.zone(seat, "hand") else "discard"
            g.trash(seat, ans, source)


@step("market_square")
def _market_square(g: Game, f: Frame, ans: Any) -> None:
    g.draw(f["seat"], 1)
    g.plus(actions=1, buys=1)


@step("sage")
def _sage(g: Game, f: Frame, ans: Any) -> None:
    """+1 Action; reveal until a card costing $3 or more: to hand; discard the rest."""
    seat = f["seat"]
    g.plus(actions=1)
    while True:
        revealed = g.reveal(seat, 1)
        if not revealed:
            break
        if g.cost(revealed[0]) >= 3:
            g.move(seat, revealed, "set_aside", "hand", "put_in_hand")
            break
    g.discard(seat, list(g.zone(seat, "set_aside")), "set_aside")


@step("storeroom")
def _storeroom(g: Game, f: Frame, ans: Any) -> None:
    """+1 Buy; discard any number, draw as many; then discard any number for +$1 each."""
    seat = f["seat"]
    hand = g.zone(seat, "hand")
    if f["step"] == 0:
        g.plus(buys=1)
        g.ask(f, 1, decisions.pick(seat, "storeroom", "discard_to_draw", hand, 0, len(hand)))
    elif f["step"] == 1:
        g.draw(seat, len(g.discard(seat, ans)))
        g.ask(f, 2, decisions.pick(seat, "storeroom", "discard_for_coins", hand, 0, len(hand)))
    else:
        g.plus(coins=len(g.discard(seat, ans)))


@step("urchin")
def _urchin(g: Game, f: Frame, ans: Any) -> None:
    """+1 Card +1 Action; each other player discards down to 4."""
    g.draw(f["seat"], 1)
    g.plus(actions=1)
    discard_down(g, f, 4)
