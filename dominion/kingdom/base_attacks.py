"""The base game's Attacks: Militia, Witch, Bureaucrat, Bandit, and the first edition's Spy and Thief.

Each affects only `attacked(g, f)`: the other players in turn order less those a Moat shields from this
play (play.py asks the Moats before the effect starts). The attacker's own part always happens."""

from __future__ import annotations

from typing import Unpack

from .. import decisions
from ..cards import TREASURE, VICTORY
from ..play import attacked
from ..recorder import Recorder, Step
from ..state import Answer, Frame, FrameData
from ..triggers import discard_down


def _militia(g: Recorder, f: Frame, ans: Answer) -> None:
    """+$2; each other player discards down to 3 cards in hand."""
    g.plus(coins=2)
    discard_down(g, f, 3)


def _witch(g: Recorder, f: Frame, ans: Answer) -> None:
    """+2 Cards; each other player gains a Curse, in turn order, while there are Curses."""
    g.draw(f["seat"], 2)
    for other in attacked(g, f):
        g.gain(other, "curse")


def _bureaucrat(g: Recorder, f: Frame, ans: Answer) -> None:
    """Gain a Silver onto your deck; each other player reveals a Victory card from their hand (their
    choice, all choosing at once) and puts it onto their deck, or reveals a hand without one."""
    seat = f["seat"]
    if f["step"] == 0:
        g.then(f, 1)
        g.gain(seat, "silver", "deck")
        return
    others = attacked(g, f)
    if f["step"] == 1:
        asked = []
        for other in others:
            hand = g.zone(other, "hand")
            victory = [c for c in hand if g.is_(c, VICTORY)]
            if victory:
                asked.append(decisions.pick(other, "bureaucrat", "victory_onto_deck", victory, 1, 1))
            else:
                g.emit("hand_revealed", {"seat": other, "cards": list(hand), "names": g.names(hand)})
        if asked:
            g.ask_each(f, 2, asked)
        return
    for other in others:
        if str(other) in ans:
            g.move(other, ans[str(other)], "hand", "deck", "put_on_deck")


def _reveal_each(g: Recorder, f: Frame, card: str, count: int, chooser: str) -> None:
    """Bandit, Thief: the next victim reveals the top `count` cards; the victim (Bandit) or the attacker
    (Thief) picks the Treasure to trash."""
    victims = f["victims"]
    if not victims:
        return
    victim = victims[0]
    revealed = g.reveal(victim, count)
    if card == "bandit":
        targets = [c for c in revealed if g.is_(c, TREASURE) and g.name(c) != "copper"]
    else:
        targets = [c for c in revealed if g.is_(c, TREASURE)]
    who = victim if chooser == "victim" else f["seat"]
    g.ask(f, 2, decisions.pick(who, card, "trash_revealed", targets, 1, 1), revealed=revealed)


def _trash_and_discard(g: Recorder, f: Frame, ans: list[int], **data: Unpack[FrameData]) -> None:
    victim = f["victims"][0]
    rest: FrameData = {"victims": f["victims"][1:], **data}
    g.then(f, 1, **rest)
    g.discard(victim, [c for c in f["revealed"] if c not in ans], "set_aside")
    g.trash(victim, ans, "set_aside")


def _bandit(g: Recorder, f: Frame, ans: Answer) -> None:
    """Gain a Gold; each other player in turn order reveals the top 2 cards of their deck, trashes a
    revealed Treasure other than Copper (their choice), and discards the rest."""
    if f["step"] == 0:
        g.then(f, 1, victims=attacked(g, f))
        g.gain(f["seat"], "gold")
    elif f["step"] == 1:
        _reveal_each(g, f, "bandit", 2, "victim")
    else:
        _trash_and_discard(g, f, ans)


def _thief(g: Recorder, f: Frame, ans: Answer) -> None:
    """Each other player in turn order reveals the top 2 cards of their deck and trashes a revealed
    Treasure you choose, discarding the rest; after all of them, you may gain any of the trashed cards
    still in the trash (asked once, docs/rulings-dominion.md)."""
    seat = f["seat"]
    if f["step"] == 0:
        g.then(f, 1, victims=attacked(g, f), stolen=[])
    elif f["step"] == 1:
        if f["victims"]:
            _reveal_each(g, f, "thief", 2, "attacker")
            return
        stolen = [c for c in f["stolen"] if c in g.s.trash]
        if stolen:
            g.ask(f, 3, decisions.pick(seat, "thief", "gain_from_trash", stolen, 0, len(stolen)))
    elif f["step"] == 2:
        _trash_and_discard(g, f, ans, stolen=[*f["stolen"], *ans])
    else:
        for card in ans:
            g.gain_card(seat, card, "trash")


def _spy(g: Recorder, f: Frame, ans: Answer) -> None:
    """+1 Card +1 Action; each player (you first, then the others in turn order) reveals the top card of
    their deck, and you choose: discard it or put it back."""
    seat = f["seat"]
    if f["step"] == 0:
        g.draw(seat, 1)
        g.plus(actions=1)
        g.then(f, 1, victims=[seat, *attacked(g, f)])
        return
    if f["step"] == 1:
        if f["victims"]:
            revealed = g.reveal(f["victims"][0], 1)
            if revealed:
                g.ask(f, 2, decisions.choose(seat, "spy", "spy_discard_or_back", ["discard", "back"]),
                      revealed=revealed)
            else:
                g.then(f, 1, victims=f["victims"][1:])
        return
    victim = f["victims"][0]
    g.then(f, 1, victims=f["victims"][1:])
    if ans == "discard":
        g.discard(victim, f["revealed"], "set_aside")
    else:
        g.move(victim, f["revealed"], "set_aside", "deck", "put_on_deck")


STEPS: dict[str, Step] = {
    "militia": _militia,
    "witch": _witch,
    "bureaucrat": _bureaucrat,
    "bandit": _bandit,
    "thief": _thief,
    "spy": _spy,
}
"""The steps of this module's effects by their frame `op`."""
