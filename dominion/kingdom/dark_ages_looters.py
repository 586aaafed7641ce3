"""Dark Ages' Looters and Spoils: Death Cart, Marauder and Cultist (which hand out Ruins), Bandit Camp and Pillage
(which gain Spoils), and the Spoils they give."""

from __future__ import annotations

from .. import decisions
from ..cards import ACTION
from ..play import attacked, play_card
from ..recorder import Recorder, Step
from ..state import PILE, Answer, Frame


def _death_cart(g: Recorder, f: Frame, ans: Answer) -> None:
    """You may trash this or an Action card from your hand, for +$5."""
    seat, this = f["seat"], f["card"]
    if f["step"] == 0:
        cards = [c for c in g.zone(seat, "hand") if g.is_(c, ACTION)]
        if this in g.zone(seat, "in_play"):
            cards.append(this)
        g.ask(f, 1, decisions.pick(seat, "death_cart", "trash_for_coins", cards, 0, 1))
    elif ans:
        g.then(f, 2)
        g.trash(seat, ans, "in_play" if ans[0] == this else "hand")
    elif f["step"] == 2:
        g.plus(coins=5)


def _marauder(g: Recorder, f: Frame, ans: Answer) -> None:
    """Gain a Spoils; each other player gains a Ruins."""
    g.gain(f["seat"], "spoils")
    for other in attacked(g, f):
        g.gain(other, "ruins")


def _cultist(g: Recorder, f: Frame, ans: Answer) -> None:
    """+2 Cards; each other player gains a Ruins; you may play a Cultist from your hand."""
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 2)
        g.then(f, 1)
        for other in attacked(g, f):
            g.gain(other, "ruins")
    elif f["step"] == 1:
        cultists = [c for c in g.zone(seat, "hand") if g.name(c) == "cultist"]
        g.ask(f, 2, decisions.pick(seat, "cultist", "play_cultist", cultists, 0, 1))
    elif ans:
        play_card(g, seat, ans[0])


def _bandit_camp(g: Recorder, f: Frame, ans: Answer) -> None:
    g.draw(f["seat"], 1)
    g.plus(actions=2)
    g.gain(f["seat"], "spoils")


def _pillage(g: Recorder, f: Frame, ans: Answer) -> None:
    """Trash this; if you did, gain 2 Spoils, and each other player with 5 or more cards in hand reveals
    it and discards a card that you choose."""
    seat = f["seat"]
    if f["step"] == 0:
        if f["card"] in g.zone(seat, "in_play"):
            g.then(f, 3, victims=attacked(g, f))
            g.trash(seat, [f["card"]], "in_play")
        return
    if f["step"] == 3:
        g.then(f, 1)
        g.gain(seat, "spoils")
        g.gain(seat, "spoils")
        return
    victims = f["victims"]
    if f["step"] == 1:
        victim = next((v for v in victims if len(g.zone(v, "hand")) >= 5), None)
        if victim is not None:
            hand = g.zone(victim, "hand")
            g.emit("hand_revealed", {"seat": victim, "cards": list(hand), "names": g.names(hand)})
            g.ask(f, 2, decisions.pick(seat, "pillage", "discard_for", hand, 1, 1),
                  victims=victims[victims.index(victim) + 1:], victim=victim)
    else:
        g.discard(f["victim"], ans)
        g.then(f, 1)


def _spoils(g: Recorder, f: Frame, ans: Answer) -> None:
    """$3; return it to the Spoils pile (once only: played twice, it is already back)."""
    g.plus(coins=3)
    g.move(f["seat"], [f["card"]], "in_play", PILE + "spoils", "returned")


STEPS: dict[str, Step] = {
    "death_cart": _death_cart,
    "marauder": _marauder,
    "cultist": _cultist,
    "bandit_camp": _bandit_camp,
    "pillage": _pillage,
    "spoils": _spoils,
}
"""The steps of this module's effects by their frame `op`."""
