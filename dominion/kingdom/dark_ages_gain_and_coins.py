"""Dark Ages' cards that gain or pay: Poor House, Beggar, Squire, Market Square, Armory, Band of Misfits,
Count."""

from __future__ import annotations

from .. import decisions
from ..cards import ACTION, COMMAND, TREASURE
from ..play import play_from_supply
from ..recorder import Recorder, Step
from ..state import Answer, Frame
from ..triggers import gain_choice, gainable


def _poor_house(g: Recorder, f: Frame, ans: Answer) -> None:
    """+$4; reveal your hand; the +$4 less $1 per Treasure in it, never below $0 (the rulebook's reading:
    money made before the Poor House is kept, see docs/rulings-dominion.md)."""
    seat = f["seat"]
    hand = g.zone(seat, "hand")
    g.emit("hand_revealed", {"seat": seat, "cards": list(hand), "names": g.names(hand)})
    treasures = sum(1 for c in hand if g.is_(c, TREASURE))
    g.plus(coins=max(0, 4 - treasures))


def _beggar(g: Recorder, f: Frame, ans: Answer) -> None:
    """Gain 3 Coppers to your hand."""
    for _ in range(3):
        g.gain(f["seat"], "copper", "hand")


def _squire(g: Recorder, f: Frame, ans: Answer) -> None:
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


def _market_square(g: Recorder, f: Frame, ans: Answer) -> None:
    g.draw(f["seat"], 1)
    g.plus(actions=1, buys=1)


def _armory(g: Recorder, f: Frame, ans: Answer) -> None:
    gain_choice(g, f["seat"], "armory", hi=4, target="deck")


def _band_of_misfits(g: Recorder, f: Frame, ans: Answer) -> None:
    """Play a non-Command Action card from the Supply costing less than this, leaving it there."""
    seat = f["seat"]
    if f["step"] == 0:
        piles = [p for p in gainable(g, 0, g.cost(f["card"]) - 1, ACTION)
                 if not g.is_(g.s.piles[p][0], COMMAND)]
        if piles:
            g.ask(f, 1, decisions.choose(seat, "band_of_misfits", "play_from_supply", piles))
    else:
        play_from_supply(g, seat, g.s.piles[ans][0])


def _count(g: Recorder, f: Frame, ans: Answer) -> None:
    """Choose: discard 2 / a card onto your deck / gain a Copper; then: +$3 / trash your hand / a Duchy."""
    seat = f["seat"]
    hand = g.zone(seat, "hand")
    stage = f["step"]
    if stage == 0:
        g.ask(f, 1, decisions.choose(seat, "count", "first", ["discard_two", "onto_deck", "copper"]))
    elif stage == 1:
        if ans == "discard_two":
            g.ask(f, 2, decisions.pick(seat, "count", "discard", hand, 2, 2), choice=ans)
        elif ans == "onto_deck":
            g.ask(f, 2, decisions.pick(seat, "count", "onto_deck", hand, 1, 1), choice=ans)
        else:
            g.then(f, 3)
            g.gain(seat, "copper")
    elif stage == 2:
        if f["choice"] == "discard_two":
            g.discard(seat, ans)
        else:
            g.move(seat, ans, "hand", "deck", "put_on_deck", "owner")
        g.then(f, 3)
    elif stage == 3:
        g.ask(f, 4, decisions.choose(seat, "count", "second", ["coins", "trash_hand", "duchy"]))
    elif ans == "coins":
        g.plus(coins=3)
    elif ans == "trash_hand":
        g.trash(seat, list(hand), "hand")
    else:
        g.gain(seat, "duchy")


STEPS: dict[str, Step] = {
    "poor_house": _poor_house,
    "beggar": _beggar,
    "squire": _squire,
    "market_square": _market_square,
    "armory": _armory,
    "band_of_misfits": _band_of_misfits,
    "count": _count,
}
"""The steps of this module's effects by their frame `op`."""
