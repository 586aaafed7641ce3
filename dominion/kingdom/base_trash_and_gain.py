"""The base game's cards that trash or gain (both editions): Chapel, Workshop, Feast, Remodel, Mine,
Moneylender, Artisan."""

from __future__ import annotations

from .. import decisions
from ..cards import TREASURE
from ..recorder import Recorder, Step
from ..state import Answer, Frame
from ..triggers import gain_choice


def _chapel(g: Recorder, f: Frame, ans: Answer) -> None:
    """Trash up to 4 cards from your hand, all at once."""
    seat = f["seat"]
    if f["step"] == 0:
        g.ask(f, 1, decisions.pick(seat, "chapel", "trash", g.zone(seat, "hand"), 0, 4))
    else:
        g.trash(seat, ans, "hand")


def _workshop(g: Recorder, f: Frame, ans: Answer) -> None:
    gain_choice(g, f["seat"], "workshop", hi=4)


def _feast(g: Recorder, f: Frame, ans: Answer) -> None:
    """Trash this (only if it is still in play: once under Throne Room, never as Band of Misfits); gain a
    card costing up to $5 all the same. The trashing resolves first."""
    gain_choice(g, f["seat"], "feast", hi=5)
    g.trash(f["seat"], [f["card"]], "in_play")


def _remodel(g: Recorder, f: Frame, ans: Answer) -> None:
    """Trash a card from your hand (when-trashed effects first); gain a card costing up to $2 more."""
    seat = f["seat"]
    if f["step"] == 0:
        hand = g.zone(seat, "hand")
        if hand:
            g.ask(f, 1, decisions.pick(seat, "remodel", "trash", hand, 1, 1))
    else:
        gain_choice(g, seat, "remodel", hi=g.cost(ans[0]) + 2)
        g.trash(seat, ans, "hand")


def _mine(g: Recorder, f: Frame, ans: Answer) -> None:
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


def _moneylender(g: Recorder, f: Frame, ans: Answer) -> None:
    """You may trash a Copper from your hand for +$3."""
    seat = f["seat"]
    if f["step"] == 0:
        coppers = [c for c in g.zone(seat, "hand") if g.name(c) == "copper"]
        if coppers:
            g.ask(f, 1, decisions.pick(seat, "moneylender", "trash", coppers, 0, 1))
    elif g.trash(seat, ans, "hand"):
        g.plus(coins=3)


def _artisan(g: Recorder, f: Frame, ans: Answer) -> None:
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


STEPS: dict[str, Step] = {
    "chapel": _chapel,
    "workshop": _workshop,
    "feast": _feast,
    "remodel": _remodel,
    "mine": _mine,
    "moneylender": _moneylender,
    "artisan": _artisan,
}
"""The steps of this module's effects by their frame `op`."""
