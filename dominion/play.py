"""Playing a card, and what playing an Attack raises: the player's Urchins, the others' Beggars.

An effect's frame carries `card`, the physical card played ("this"); when that card has moved on, an
instruction to move it does nothing and the rest still happens ("lose track"). Band of Misfits plays a
card that stays in the Supply, so every "this" of that effect is lost from the start.
"""

from __future__ import annotations

from . import decisions
from .cards import ATTACK
from .commands import StandingAnswer
from .recorder import Recorder, Step
from .state import Answer, Frame


def play_card(g: Recorder, seat: int, card: int, source: str = "hand") -> None:
    """Play an Action card from the hand (Vassal: from the discard pile): into play, then its effect (no
    Action is used here)."""
    g.move(seat, [card], source, "in_play", "played")
    push_effect(g, seat, card)


def play_again(g: Recorder, seat: int, card: int) -> None:
    """Play a card a second time (Procession, Counterfeit), wherever it is now."""
    g.emit("played_again", {"seat": seat, "card": card, "name": g.name(card)})
    push_effect(g, seat, card)


def play_from_supply(g: Recorder, seat: int, card: int) -> None:
    """Play the top card of a Supply pile, leaving it there (Band of Misfits)."""
    g.emit("played_from_supply", {"seat": seat, "card": card, "name": g.name(card)})
    push_effect(g, seat, card)


def play_treasure(g: Recorder, seat: int, card: int) -> None:
    """Play a Treasure from the hand."""
    g.move(seat, [card], "hand", "in_play", "played")
    push_effect(g, seat, card)


def push_effect(g: Recorder, seat: int, card: int) -> None:
    """Push a played card's effect, preceded, for an Attack, by the Urchin, Beggar and Moat reactions (Moat
    only in games with Moat, so that the stack of other games stays as it was)."""
    g.push({"op": g.name(card), "seat": seat, "card": card, "step": 0})
    if g.is_(card, ATTACK):
        if "moat" in g.s.kingdom:
            g.push({"op": "moats", "seat": seat, "card": card, "step": 0})
        g.push({"op": "beggars", "seat": seat, "asked": g.s.order_from(seat), "step": 0})
        g.push({"op": "urchins", "seat": seat, "card": card, "done": [], "step": 0})


def _urchins(g: Recorder, f: Frame, ans: Answer) -> None:
    """Urchin: when you play another Attack with this in play, you may first trash this for a Mercenary."""
    seat = f["seat"]
    if f["step"] == 0:
        others = [c for c in g.zone(seat, "in_play")
                  if g.name(c) == "urchin" and c != f["card"] and c not in f["done"]]
        if others and "mercenary" in g.s.piles:
            g.ask(f, 1, decisions.choose(seat, "urchin", "trash_for_mercenary", ["yes", "no"]), urchin=others[0])
        return
    urchin = f["urchin"]
    if f["step"] == 1:
        if ans == "yes":
            g.then(f, 2)
            g.trash(seat, [urchin], "in_play")
        else:
            g.then(f, 0, done=[*f["done"], urchin])
        return
    g.then(f, 0, done=[*f["done"], urchin])
    g.gain(seat, "mercenary")


def _beggars(g: Recorder, f: Frame, ans: Answer) -> None:
    """Beggar: when another player plays an Attack, you may first discard this to gain 2 Silvers, one
    onto your deck. Asked of every holder at once; used in turn order; asked again while one says yes."""
    if f["step"] == 0:
        holders = [s for s in f["asked"] if any(g.name(c) == "beggar" for c in g.zone(s, "hand"))]
        if holders:
            g.ask_each(f, 1, [decisions.react(s, "beggar", "attack", "beggar") for s in holders])
        return
    users = []
    for seat in f["asked"]:
        answer = ans.get(str(seat))
        if answer in ("always", "never"):
            g.emit("standing_set", {"seat": seat, "card": "beggar", "answer": answer})
        if answer in ("yes", "always"):
            users.append(seat)
    g.then(f, 0, asked=users)
    for seat in reversed(users):
        g.push({"op": "beggar_reaction", "seat": seat, "step": 0})


def _beggar_reaction(g: Recorder, f: Frame, ans: Answer) -> None:
    seat = f["seat"]
    beggar = next((c for c in g.zone(seat, "hand") if g.name(c) == "beggar"), None)
    if beggar is not None and g.discard(seat, [beggar]):
        g.gain(seat, "silver", "deck")
        g.gain(seat, "silver")


def attacked(g: Recorder, f: Frame) -> list[int]:
    """The players an Attack's effect (frame `f`) affects: every other player in turn order, less those a
    Moat shields from this play."""
    shielded = f.get("shielded", ())
    return [s for s in g.s.order_from(f["seat"]) if s not in shielded]


def _moats(g: Recorder, f: Frame, ans: Answer) -> None:
    """Moat: when another player plays an Attack, you may first reveal this from your hand, to be
    unaffected by it. Asked of every holder at once; the Attack's frame, next on the stack, then carries the
    shielded seats."""
    seat = f["seat"]
    if f["step"] == 0:
        holders = [s for s in g.s.order_from(seat) if any(g.name(c) == "moat" for c in g.zone(s, "hand"))]
        if holders:
            g.ask_each(f, 1, [decisions.react(s, "moat", "attack_moat", "moat") for s in holders])
        return
    shielded = []
    for other in g.s.order_from(seat):
        answer = ans.get(str(other))
        set_standing(g, other, "moat", answer or "")
        moat = next((c for c in g.zone(other, "hand") if g.name(c) == "moat"), None)
        if answer in ("yes", "always") and moat is not None:
            g.emit("reaction_revealed", {"seat": other, "card": moat, "name": "moat", "attack": g.name(f["card"])})
            shielded.append(other)
    attack = g.stack[-1]
    assert attack["card"] == f["card"] and attack["step"] == 0, "the Attack's effect lies under its reactions"
    g.stack[-1] = {**attack, "shielded": shielded}


_STANDING: dict[str, StandingAnswer] = {"always": "always", "never": "never"}


def set_standing(g: Recorder, seat: int, reaction: str, answer: str) -> None:
    """Record a standing answer (always/never) given with a reaction's answer."""
    standing = _STANDING.get(answer)
    if standing is not None:
        g.emit("standing_set", {"seat": seat, "card": reaction, "answer": standing})


STEPS: dict[str, Step] = {
    "urchins": _urchins,
    "beggars": _beggars,
    "beggar_reaction": _beggar_reaction,
    "moats": _moats,
}
"""The steps of this module's effects by their frame `op`."""
