"""Treasures (Copper, Silver, Gold, Spoils, Counterfeit), Ruins, Shelters, Madman and Mercenary."""

from __future__ import annotations

from typing import Any

from . import decisions
from .cards import TREASURE
from .cards_basegame_more import merchant_bonus
from .game import Game, step
from .play import play_again, play_treasure
from .state import PILE, Frame
from .triggers import discard_down


def _treasure(g: Game, f: Frame, ans: Any) -> None:
    g.plus(coins=g.card(f["card"]).coins)


for _name in ("copper", "gold"):
    step(_name)(_treasure)


@step("silver")
def _silver(g: Game, f: Frame, ans: Any) -> None:
    """$2, and Merchant's $1 each on the turn's first Silver play (this play is counted already)."""
    g.plus(coins=2 + merchant_bonus(g, g.s.turn_plays.get("silver", 0) - 1))


@step("spoils")
def _spoils(g: Game, f: Frame, ans: Any) -> None:
    """$3; return it to the Spoils pile (once only: played twice, it is already back)."""
    g.plus(coins=3)
    g.move(f["seat"], [f["card"]], "in_play", PILE + "spoils", "returned")


@step("counterfeit")
def _counterfeit(g: Game, f: Frame, ans: Any) -> None:
    """$1, +1 Buy; you may play a Treasure from your hand twice; if you do, trash it."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(coins=1, buys=1)
        treasures = [c for c in g.zone(seat, "hand") if g.is_(c, TREASURE)]
        g.ask(f, 1, decisions.pick(seat, "counterfeit", "play_twice", treasures, 0, 1))
    elif f["step"] == 1:
        if ans:
            g.then(f, 2, target=ans[0])
            play_treasure(g, seat, ans[0])
    elif f["step"] == 2:
        g.then(f, 3)
        play_again(g, seat, f["target"])
    else:
        g.trash(seat, [f["target"]], "in_play")


@step("abandoned_mine")
def _abandoned_mine(g: Game, f: Frame, ans: Any) -> None:
    g.plus(coins=1)


@step("ruined_library")
def _ruined_library(g: Game, f: Frame, ans: Any) -> None:
    g.draw(f["seat"], 1)


@step("ruined_market")
def _ruined_market(g: Game, f: Frame, ans: Any) -> None:
    g.plus(buys=1)


@step("ruined_village")
def _ruined_village(g: Game, f: Frame, ans: Any) -> None:
    g.plus(actions=1)


@step("survivors")
def _survivors(g: Game, f: Frame, ans: Any) -> None:
    """Look at the top 2 cards; discard both, or put them back in any order."""
    seat = f["seat"]
    if f["step"] == 0:
        top = g.look(seat, 2, "survivors")  # look, then decide (the rulebook): the decision shows them
        if top:
            g.ask(f, 1, decisions.choose(seat, "survivors", "discard_or_back", ["discard", "back"], seen=top),
                  top=top)
    elif f["step"] == 1:
        if ans == "discard":
            g.move(seat, f["top"], "deck", "discard", "discarded")
        else:
            g.ask(f, 2, decisions.order(seat, "survivors", "order", f["top"]))
    else:
        g.move(seat, ans, "deck", "deck", "put_on_deck", "owner")


@step("necropolis")
def _necropolis(g: Game, f: Frame, ans: Any) -> None:
    g.plus(actions=2)


@step("madman")
def _madman(g: Game, f: Frame, ans: Any) -> None:
    """+2 Actions; return this to its pile; if you did, +1 Card per card in hand."""
    seat = f["seat"]
    g.plus(actions=2)
    if g.move(seat, [f["card"]], "in_play", PILE + "madman", "returned"):
        g.draw(seat, len(g.zone(seat, "hand")))


@step("mercenary")
def _mercenary(g: Game, f: Frame, ans: Any) -> None:
    """You may trash 2 cards from your hand; if you did, +2 Cards, +$2, others discard down to 3."""
    seat = f["seat"]
    hand = g.zone(seat, "hand")
    if f["step"] == 0:
        if hand:
            g.ask(f, 1, decisions.choose(seat, "mercenary", "trash_two", ["yes", "no"]))
    elif f["step"] == 1:
        if ans == "yes":
            g.ask(f, 2, decisions.pick(seat, "mercenary", "trash", hand, 2, 2))
    elif f["step"] == 2:
        g.then(f, 3, trashed=len(ans))
        g.trash(seat, ans, "hand")
    elif f["trashed"] == 2:
        g.draw(seat, 2)
        g.plus(coins=2)
        discard_down(g, f, 3)
