"""`view(state, seat)`: what one seat (or a spectator, None) may see, as JSON-ready data.

Hidden: other hands, the order of every deck (the owner's too), the Knights and Ruins piles below their
top card. The zones shown add up to every card of the game.
"""

from __future__ import annotations

from typing import TypedDict

from rules_kit.events import JsonObject

from . import decisions
from .scoring import composition, score_of
from .state import OVER, SEAT_ZONES, State


class CardView(TypedDict):
    """A card shown: its number and id (`zone`: where an offered card lies, in a decision's `cards`)."""

    id: int
    card: str


class PlayerView(TypedDict):
    """What everyone sees of one seat."""

    seat: int
    hand_size: int
    deck_size: int
    discard_size: int
    discard_top: str | None
    in_play: list[CardView]
    set_aside: list[CardView]
    turns: int
    victory_points: int
    composition: dict[str, int]


class PileView(TypedDict):
    """A Supply pile: how many cards, and the top one's id."""

    count: int
    top: str | None


def view(state: State, seat: int | None) -> JsonObject:
    """The table as `seat` sees it."""
    data: JsonObject = {
        "phase": state.phase,
        "turn": state.turn,
        "current": state.current,
        "awaiting": state.awaiting(),
        "asks": [decisions.summary(state.pending[s]) for s in state.awaiting() if s in state.pending],
        "players": [_player(state, s) for s in range(state.players)],
        "kingdom": list(state.kingdom),
        "supply": {p: _pile(state, p) for p in state.supply},
        "non_supply": {p: len(state.piles[p]) for p in state.non_supply},
        "trash": _cards(state, state.trash),
        "actions": state.actions,
        "buys": state.buys,
        "coins": state.coins,
        "card_count": len(state.names),
    }
    data["resigned"] = list(state.resigned)
    if seat is not None:
        data["seat"] = seat
        data["hand"] = _cards(state, state.hand(seat))
        data["decision"] = _decision(state, seat)
        data["standing"] = dict(state.standing[seat])
    if state.phase == OVER:
        data["scores"] = [dict(s) for s in state.scores]
        data["winners"] = list(state.winners)
    return data


def _cards(state: State, cards: list[int]) -> list[CardView]:
    return [{"id": c, "card": state.names[c]} for c in cards]


def _player(state: State, seat: int) -> PlayerView:
    zones = state.zones[seat]
    counts = composition(state, seat)
    discard = zones["discard"]
    assert set(zones) == set(SEAT_ZONES)
    return {
        "seat": seat,
        "hand_size": len(zones["hand"]),
        "deck_size": len(zones["deck"]),
        "discard_size": len(discard),
        "discard_top": state.names[discard[-1]] if discard else None,
        "in_play": _cards(state, zones["in_play"]),
        "set_aside": _cards(state, zones["set_aside"]),
        "turns": state.turns[seat],
        # Public: every card a player gains or trashes is shown to all, so what a player owns is known to
        # anyone who kept count (as dominion.games shows it); which of them is in the hand or the deck is not.
        "victory_points": score_of(state, seat, counts)["total"],
        "composition": dict(sorted(counts.items())),
    }


def _pile(state: State, pile: str) -> PileView:
    top = state.top(pile)
    return {"count": len(state.piles[pile]), "top": None if top is None else state.names[top]}


def _decision(state: State, seat: int) -> JsonObject | None:
    """The decision asked of `seat`, its card numbers shown as cards (`CardView`, with `zone` in `cards`)."""
    decision = state.pending.get(seat)
    if decision is None or seat in state.answers:
        return None
    shown: JsonObject = dict(decision)
    for key in ("cards", "seen"):
        if key in shown:
            shown[key] = _cards(state, shown[key])
    if "cards" in decision:  # where each offered card lies: two of one name may lie in different places
        for card, (_, zone) in zip(shown["cards"], decisions.places(state, decision["cards"]), strict=True):
            card["zone"] = zone
    return shown
