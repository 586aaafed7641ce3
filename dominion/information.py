"""`seen_by(state, seat)`: the state as one seat may know it, for bots (`rules_kit.seat_information`).

Kept as they are: everything public (what each seat owns, the cards in play, set aside and in the trash,
each discard pile's top and every size, the Supply's tops, the turn's counters, who is asked about what) and
what the rules show the seat (`views.view`): its hand, its decision with the cards it offers or shows, its
standing answers, and the cards it put onto its own discard pile. Replaced by a canonical arrangement
(`canonical_order`) within each group of places whose cards the seat knows but cannot place:
* its own deck (whose order its owner does not know either), and its discard pile below the top (the order);
* each other seat's hand, deck and discard pile below the top, pooled (each zone's size kept);
* each pile below its top (the Knights' and the Ruins' order).
Cards the seat's decision shows stay where they are. The effects waiting on the stack and the other seats'
decisions follow the cards by place (a card number in them names the card now lying where it lay), the
other seats' answers to a joint decision are replaced by their first legal answer, and their standing
answers are forgotten.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules_kit.seat_information import canonical_order

from . import decisions
from .state import Answer, Decision, Frame, State, clone

CARD_KEYS = ("card", "target", "top", "aside", "revealed", "stolen", "todo", "done", "urchin")
"""The frame keys that hold card numbers (a card or a list of them; `target` is a zone's name in a gain)."""

Place = tuple[list[int], int]
"""A place in a zone: the zone's list and an index in it."""


def seen_by(state: State, seat: int) -> State:
    """`state` with every part hidden from `seat` in a canonical arrangement (see the module)."""
    seen = clone(state)
    visible = _visible(state, seat)
    renumber: dict[int, int] = {}
    for group_name, places in _groups(seen, seat):
        hidden = [(zone, i) for zone, i in places if zone[i] not in visible]
        cards = [zone[i] for zone, i in hidden]
        ordered = canonical_order(cards, lambda c: f"{state.names[c]}#{c}", f"{group_name} {seat}")
        for (zone, i), card in zip(hidden, ordered, strict=True):
            renumber[zone[i]] = card
            zone[i] = card
    if renumber:
        _follow(seen, renumber)
    for other in list(seen.answers):
        if other != seat and other in seen.pending:
            seen.answers[other] = _first_answer(seen, seen.pending[other])
    seen.standing = [dict(standing) if s == seat else {} for s, standing in enumerate(state.standing)]
    return seen


def _visible(state: State, seat: int) -> set[int]:
    """The cards whose place the seat sees: its hand, every discard pile's top, those its decision shows."""
    visible = set(state.hand(seat))
    for zones in state.zones:
        if zones["discard"]:
            visible.add(zones["discard"][-1])
    decision = state.pending.get(seat)
    if decision is not None:
        visible |= set(decision.get("cards", [])) | set(decision.get("seen", []))
    return visible


def _places(*zones: list[int]) -> list[Place]:
    return [(zone, i) for zone in zones for i in range(len(zone))]


def _groups(seen: State, seat: int) -> Iterable[tuple[str, list[Place]]]:
    """The groups of places whose cards the seat knows but cannot place (on `seen`'s own lists)."""
    own = seen.zones[seat]
    yield "deck", _places(own["deck"])
    yield "discard", _places(own["discard"])[:-1]  # below the top
    for other, zones in enumerate(seen.zones):
        if other != seat:
            yield f"seat {other}", [*_places(zones["hand"], zones["deck"]), *_places(zones["discard"])[:-1]]
    for pile, cards in sorted(seen.piles.items()):
        yield f"pile {pile}", _places(cards)[1:]


def _follow(seen: State, renumber: dict[int, int]) -> None:
    """The stack, the other seats' decisions and answers name the cards now lying where theirs lay."""

    def card(value: object) -> object:
        if isinstance(value, bool):
            return value
        if isinstance(value, int):
            return renumber.get(value, value)
        if isinstance(value, list):
            return [card(v) for v in value]
        return value

    def frame(f: Frame) -> Frame:
        moved = dict(f)
        for key in CARD_KEYS:
            if key in moved:
                moved[key] = card(moved[key])
        if "ans" in moved:
            moved["ans"] = _answer(moved["ans"], card)
        return moved  # type: ignore[return-value]  # the same keys, card numbers renumbered

    def decision(d: Decision) -> Decision:
        moved = dict(d)
        for key in ("cards", "seen"):
            if key in moved:
                moved[key] = card(moved[key])
        return moved  # type: ignore[return-value]  # the same keys, card numbers renumbered

    seen.stack = [frame(f) for f in seen.stack]
    seen.pending = {s: decision(d) for s, d in seen.pending.items()}
    seen.answers = {s: _answer(a, card) for s, a in seen.answers.items()}


def _answer(answer: Answer, card: Callable[[object], object]) -> Answer:
    """An answer with its card numbers renumbered (a joint decision's: seat -> answer)."""
    if isinstance(answer, dict):
        return {s: _answer(a, card) for s, a in answer.items()}
    return card(answer) if isinstance(answer, list) else answer


def _first_answer(seen: State, decision: Decision) -> Answer:
    """The answer of a decision's first listed legal command."""
    command = decisions.answers(seen, decision)[0]
    for key in ("cards", "order", "choice", "name"):
        if key in command:
            return command[key]
    raise ValueError(f"a decide command without an answer: {command}")
