"""The Ruins (Abandoned Mine, Ruined Library, Ruined Market, Ruined Village, Survivors) and Necropolis (Hovel and
Overgrown Estate act only when gained or trashed: triggers.py)."""

from __future__ import annotations

from .. import decisions
from ..recorder import Recorder, Step
from ..state import Answer, Frame, looked_at


def _abandoned_mine(g: Recorder, f: Frame, ans: Answer) -> None:
    g.plus(coins=1)


def _ruined_library(g: Recorder, f: Frame, ans: Answer) -> None:
    g.draw(f["seat"], 1)


def _ruined_market(g: Recorder, f: Frame, ans: Answer) -> None:
    g.plus(buys=1)


def _ruined_village(g: Recorder, f: Frame, ans: Answer) -> None:
    g.plus(actions=1)


def _survivors(g: Recorder, f: Frame, ans: Answer) -> None:
    """Look at the top 2 cards; discard both, or put them back in any order."""
    seat = f["seat"]
    if f["step"] == 0:
        top = g.look(seat, 2, "survivors")  # look, then decide (the rulebook): the decision shows them
        if top:
            g.ask(f, 1, decisions.choose(seat, "survivors", "discard_or_back", ["discard", "back"], seen=top),
                  top=top)
    elif f["step"] == 1:
        if ans == "discard":
            g.move(seat, looked_at(f), "deck", "discard", "discarded")
        else:
            g.ask(f, 2, decisions.order(seat, "survivors", "order", looked_at(f)))
    else:
        g.move(seat, ans, "deck", "deck", "put_on_deck", "owner")


def _necropolis(g: Recorder, f: Frame, ans: Answer) -> None:
    g.plus(actions=2)


STEPS: dict[str, Step] = {
    "abandoned_mine": _abandoned_mine,
    "ruined_library": _ruined_library,
    "ruined_market": _ruined_market,
    "ruined_village": _ruined_village,
    "survivors": _survivors,
    "necropolis": _necropolis,
}
"""The steps of this module's effects by their frame `op`."""
