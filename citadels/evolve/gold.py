"""The fold of gold changing hands: income, bonuses, theft, taxes and the Navigator's take."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..events import Event
from ..payloads import BonusGold, GoldPaid, GoldStolen, NavigatorTook, SeatAmount
from ..state import State

Handler = Callable[[State, Event], None]


def _gold_stolen(s: State, event: Event) -> None:
    public = cast(GoldStolen, event.public)
    amount = public["amount"]
    s.gain(public["victim"], -amount)
    s.gain(public["seat"], amount)


def _gold_taken(s: State, event: Event) -> None:
    public = cast(SeatAmount, event.public)
    s.gain(public["seat"], public["amount"])
    s.current_turn().income_taken = True


def _income_collected(s: State, event: Event) -> None:
    public = cast(SeatAmount, event.public)
    s.gain(public["seat"], public["amount"])
    s.current_turn().colour_income_taken = True


def _bonus_gold(s: State, event: Event) -> None:
    public = cast(BonusGold, event.public)
    seat = public["seat"]
    s.gain(seat, public["amount"])
    if public.get("safe_from_tax") and seat not in s.alms:
        s.alms += (seat,)


def _gold_paid(s: State, event: Event) -> None:
    public = cast(GoldPaid, event.public)
    seat, amount = public["seat"], public["amount"]
    s.gain(seat, -amount)
    s.gain(public["to"], amount)
    if public["reason"] == "tax":
        s.taxed += (seat,)


def _navigator_took(s: State, event: Event) -> None:
    public = cast(NavigatorTook, event.public)
    if public["take"] == "gold":
        s.gain(public["seat"], public["amount"])
    s.current_turn().ability_used = True


GOLD_HANDLERS: dict[str, Handler] = {
    "gold_stolen": _gold_stolen,
    "gold_taken": _gold_taken,
    "income_collected": _income_collected,
    "bonus_gold": _bonus_gold,
    "gold_paid": _gold_paid,
    "navigator_took": _navigator_took,
}
