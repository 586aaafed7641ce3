"""What trashing and gaining trigger, and the shared pieces of many cards (a gain of a chosen card,
the others discarding down).

When-trashed effects belong to the card's owner, on any player's turn, at once. Several cards trashed
together are all trashed first, then their effects resolve in the order the owner chooses, with Market
Square's reaction (discard it from hand to gain a Gold) among them, as often as they hold one.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from . import decisions
from .cards import CARDS, VICTORY
from .play import attacked, set_standing
from .recorder import Recorder, Step
from .state import Answer, Frame

WHEN_TRASHED = frozenset({
    "squire", "feodum", "fortress", "rats", "cultist", "catacombs", "hunting_grounds", "overgrown_estate",
    "sir_vander",
})


def _trashed(g: Recorder, f: Frame, ans: Answer) -> None:
    seat = f["seat"]
    if ans is not None:
        _resolve(g, f, ans)
        return
    todo = [c for c in f["todo"] if g.name(c) in WHEN_TRASHED]
    firsts: dict[str, int] = {}
    for card in todo:
        firsts.setdefault(g.name(card), card)
    options = [f"card:{c}" for c in firsts.values()]
    square = f["offer"] and any(g.name(c) == "market_square" for c in g.zone(seat, "hand"))
    if square:
        g.ask(f, 0, decisions.react(seat, "market_square", "trashed", "market_square", options), todo=todo)
    elif len(options) > 1:
        g.ask(f, 0, decisions.choose(seat, "trashed", "order", options), todo=todo)
    elif options:
        _resolve(g, {**f, "todo": todo}, options[0])


def _resolve(g: Recorder, f: Frame, ans: str) -> None:
    seat = f["seat"]
    if ans.startswith("card:"):
        card = int(ans[5:])
        g.then(f, 0, todo=[c for c in f["todo"] if c != card])
        g.push({"op": "when_trashed", "seat": seat, "card": card, "step": 0})
        return
    set_standing(g, seat, "market_square", ans)
    if ans in ("no", "never"):
        g.then(f, 0, offer=False)
        return
    g.then(f, 0)
    square = next(c for c in g.zone(seat, "hand") if g.name(c) == "market_square")
    g.discard(seat, [square])
    g.gain(seat, "gold")


def _when_trashed(g: Recorder, f: Frame, ans: Answer) -> None:
    seat, card = f["seat"], f["card"]
    name = g.name(card)
    if name in ("rats", "overgrown_estate", "cultist"):
        g.draw(seat, 3 if name == "cultist" else 1)
    elif name == "fortress":
        g.move(seat, [card], "trash", "hand", "put_in_hand")
    elif name == "feodum":
        for _ in range(3):
            g.gain(seat, "silver")
    elif name == "sir_vander":
        g.gain(seat, "gold")
    elif name == "squire":
        gain_choice(g, seat, "squire", hi=99, kind="attack")
    elif name == "catacombs":
        gain_choice(g, seat, "catacombs", hi=CARDS["catacombs"].cost - 1)
    elif name == "hunting_grounds":
        if f["step"] == 0:
            g.ask(f, 1, decisions.choose(seat, name, "gain", ["duchy", "estates"]))
        elif ans == "duchy":
            g.gain(seat, "duchy")
        else:
            for _ in range(3):
                g.gain(seat, "estate")


def _gained(g: Recorder, f: Frame, ans: Answer) -> None:
    """Death Cart: when you gain this, gain 2 Ruins. Hovel: when you gain a Victory card, you may trash
    this from your hand (asked again while the player holds one and says yes)."""
    seat, card = f["seat"], f["card"]
    if f["step"] == 0 and g.name(card) == "death_cart" and "ruins" in g.s.piles:
        g.then(f, 1)
        g.gain(seat, "ruins")
        g.gain(seat, "ruins")
        return
    if not g.is_(card, VICTORY):
        return
    hovels = [c for c in g.zone(seat, "hand") if g.name(c) == "hovel"]
    if f["step"] < 2:
        if hovels:
            g.ask(f, 2, decisions.react(seat, "hovel", "gained_victory", "hovel"))
        return
    set_standing(g, seat, "hovel", ans)
    if ans in ("yes", "always"):
        g.then(f, 1)
        g.trash(seat, hovels[:1], "hand")


class GainChoice(TypedDict):
    """The frame of a gain of a chosen card: `card` names the card that gains (a card id, not a number)."""

    op: str
    seat: int
    card: str
    lo: int
    hi: int
    kind: str | None
    target: str  # where the gained card goes: discard, deck or hand
    optional: bool
    step: int
    ans: NotRequired[str]


class DiscardDown(TypedDict):
    """The frame of the others discarding down: `card` names the Attack (a card id, not a number)."""

    op: str
    seat: int
    card: str
    size: int
    step: int
    shielded: NotRequired[list[int]]
    ans: NotRequired[dict[str, list[int]]]
    joint: NotRequired[bool]


def gain_choice(
    g: Recorder, seat: int, card: str, hi: int, lo: int = 0, kind: str | None = None, target: str = "discard",
    optional: bool = False,
) -> None:
    """Push: the player gains a Supply card costing from `lo` to `hi` (of type `kind`), chosen by them."""
    frame: GainChoice = {"op": "gain_choice", "seat": seat, "card": card, "lo": lo, "hi": hi, "kind": kind,
                         "target": target, "optional": optional, "step": 0}
    g.push(cast(Frame, frame))


def gainable(g: Recorder, lo: int, hi: int, kind: str | None) -> list[str]:
    """The Supply piles whose top card costs from `lo` to `hi` (and is of type `kind`)."""
    piles = []
    for pile in g.s.supply:
        top = g.s.top(pile)
        if top is not None and lo <= g.cost(top) <= hi and (kind is None or g.is_(top, kind)):
            piles.append(pile)
    return piles


def _gain_choice(g: Recorder, frame: Frame, ans: Answer) -> None:
    f = cast(GainChoice, frame)
    if f["step"] == 0:
        options = gainable(g, f["lo"], f["hi"], f["kind"])
        if options:
            prompt = {"deck": "gain_onto_deck", "hand": "gain_to_hand"}.get(f["target"], "gain")
            extra = ["none"] if f["optional"] else []
            g.ask(frame, 1, decisions.choose(f["seat"], f["card"], prompt, options + extra))
    elif ans != "none":
        g.gain(f["seat"], ans, f["target"])


def discard_down(g: Recorder, f: Frame, size: int) -> None:
    """Push: each other player not shielded from the Attack `f` discards down to `size` cards in hand (all
    choose at once)."""
    frame: DiscardDown = {"op": "discard_down", "seat": f["seat"], "card": g.name(f["card"]), "size": size, "step": 0}
    if f.get("shielded"):
        frame["shielded"] = list(f["shielded"])
    g.push(cast(Frame, frame))


def _discard_down(g: Recorder, frame: Frame, ans: Answer) -> None:
    f = cast(DiscardDown, frame)
    others = attacked(g, frame)
    if f["step"] == 0:
        asked = []
        for other in others:
            hand = g.zone(other, "hand")
            if len(hand) > f["size"]:
                excess = len(hand) - f["size"]
                asked.append(decisions.pick(other, f["card"], "discard_down", hand, excess, excess))
        if asked:
            g.ask_each(frame, 1, asked)
        return
    for other in others:
        if str(other) in ans:
            g.discard(other, ans[str(other)])


STEPS: dict[str, Step] = {
    "trashed": _trashed,
    "when_trashed": _when_trashed,
    "gained": _gained,
    "gain_choice": _gain_choice,
    "discard_down": _discard_down,
}
"""The steps of this module's effects by their frame `op`."""
