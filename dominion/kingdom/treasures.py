"""Copper, Silver, Gold and Counterfeit's twin play's Treasures; Merchant's bonus on the turn's first Silver
(the turn's `play_treasures` and Silver's own play pay it)."""

from __future__ import annotations

from ..recorder import Recorder, Step
from ..state import Answer, Frame


def merchant_bonus(g: Recorder, silvers_before: int) -> int:
    """What the turn's first Silver play makes more: $1 per Merchant played before it (`silvers_before`:
    the Silver plays of this turn before this one)."""
    if "merchant" not in g.s.kingdom or silvers_before:
        return 0
    return g.s.turn_plays.get("merchant", 0)


def _treasure(g: Recorder, f: Frame, ans: Answer) -> None:
    g.plus(coins=g.card(f["card"]).coins)


def _silver(g: Recorder, f: Frame, ans: Answer) -> None:
    """$2, and Merchant's $1 each on the turn's first Silver play (this play is counted already)."""
    g.plus(coins=2 + merchant_bonus(g, g.s.turn_plays.get("silver", 0) - 1))


STEPS: dict[str, Step] = {
    "copper": _treasure,
    "silver": _silver,
    "gold": _treasure,
}
"""The steps of this module's effects by their frame `op`."""
