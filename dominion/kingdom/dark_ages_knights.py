"""The 10 Knights, and the attack they share with Rogue: each other player reveals the top 2 cards of
their deck, trashes one costing $3 to $6 (their choice if both do) and discards the rest; Rogue itself."""

from __future__ import annotations

from .. import decisions
from ..cards import KNIGHT, KNIGHTS
from ..play import attacked
from ..recorder import Recorder, Step
from ..state import Answer, Frame
from ..triggers import discard_down, gain_choice


def _knight(g: Recorder, f: Frame, ans: Answer) -> None:
    """A Knight's own ability (first on the card), then the attack."""
    seat, name = f["seat"], f["op"]
    if f["step"] == 0:
        g.push({"op": "trash_attack", "seat": seat, "card": f["card"], "victims": attacked(g, f),
                "knight": True, "hit": False, "step": 0})
        if name == "dame_anna":
            g.ask(f, 1, decisions.pick(seat, name, "trash", g.zone(seat, "hand"), 0, 2))
        elif name == "dame_molly":
            g.plus(actions=2)
        elif name == "dame_natalie":
            gain_choice(g, seat, name, hi=3, optional=True)
        elif name == "dame_sylvia":
            g.plus(coins=2)
        elif name == "sir_bailey":
            g.draw(seat, 1)
            g.plus(actions=1)
        elif name == "sir_destry":
            g.draw(seat, 2)
        elif name == "sir_martin":
            g.plus(buys=2)
        elif name == "sir_michael":
            discard_down(g, f, 3)
    elif ans:
        g.trash(seat, ans, "hand")


def _trash_attack(g: Recorder, f: Frame, ans: Answer) -> None:
    seat, victims = f["seat"], f["victims"]
    if f["step"] == 0:
        if not victims:
            if f["knight"] and f["hit"]:
                g.trash(seat, [f["card"]], "in_play")
            return
        victim = victims[0]
        revealed = g.reveal(victim, 2)
        targets = [c for c in revealed if 3 <= g.cost(c) <= 6]
        g.ask(f, 1, decisions.pick(victim, g.name(f["card"]), "trash_revealed", targets, 1, 1))
        return
    victim = victims[0]
    g.then(f, 0, victims=victims[1:], hit=f["hit"] or any(g.is_(c, KNIGHT) for c in ans))
    g.discard(victim, [c for c in g.zone(victim, "set_aside") if c not in ans], "set_aside")
    g.trash(victim, ans, "set_aside")


def _rogue(g: Recorder, f: Frame, ans: Answer) -> None:
    """+$2; gain a card costing $3-$6 from the trash, or if there is none, attack like a Knight."""
    seat = f["seat"]
    if f["step"] == 0:
        g.plus(coins=2)
        cards = [c for c in g.s.trash if 3 <= g.cost(c) <= 6]
        if cards:
            g.ask(f, 1, decisions.pick(seat, "rogue", "gain_from_trash", cards, 1, 1))
        else:
            g.push({"op": "trash_attack", "seat": seat, "card": f["card"], "victims": attacked(g, f),
                    "knight": False, "hit": False, "step": 0})
    elif ans:
        g.gain_card(seat, ans[0], "trash")


STEPS: dict[str, Step] = {
    **dict.fromkeys(KNIGHTS, _knight),
    "trash_attack": _trash_attack,
    "rogue": _rogue,
}
"""The steps of this module's effects by their frame `op`."""
