"""What the base game's cards show whom: cards looked at are seen by their player only (Sentry, Harbinger's
pick from below the top, Cellar's discards, Artisan's card onto the deck, Chancellor's deck), revealed cards
by everyone (Library's set-aside Actions, Bureaucrat's Victory card, Spy's, Thief's and Bandit's reveals).
Each step is held to the privacy invariants of every game (tests/rules_kit/invariants.py) and every seat's view
to the no-leak check of the random games."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dominion import RULES
from dominion.events import Event
from tests.rules_kit.invariants import check_event

from .invariants import check_view
from .table import Table

COPPERS = ["copper"] * 4


def _checked(t: Table, act: Callable[[], object]) -> list[Event]:
    """Do `act`; check its events and every seat's view; return its events."""
    before = len(t.events)
    act()
    events = t.events[before:]
    for event in events:
        check_event(RULES, event, t.state.players)
    for seat in [None, *range(t.state.players)]:
        check_view(t.state, seat)
    return list(events)


def _names_seen(events: list[Event], seat: int | None, kind: str) -> list[list[str] | None]:
    return [RULES.redact(e, seat).get("names") for e in events if e.type == kind]


def test_sentry_looks_unseen_and_trashes_and_discards_in_view() -> None:
    t = Table("sentry", hand=["sentry", *COPPERS])
    t.put(0, "deck", "copper", "gold", "estate", "silver")
    _checked(t, lambda: t.play("sentry"))
    assert 0 in t.state.pending and RULES.view(t.state, 1)["decision"] is None
    seen = [c["card"] for c in RULES.view(t.state, 0)["decision"]["cards"]]
    assert seen == ["gold", "estate"]
    trashed = _checked(t, lambda: t.pick("estate"))
    assert _names_seen(trashed, 1, "trashed") == [["estate"]]
    _checked(t, lambda: t.pick())
    assert t.names(0, "deck")[:1] == ["gold"]


def test_harbinger_pick_from_below_the_top_is_seen_by_its_owner_only() -> None:
    t = Table("harbinger", hand=["harbinger", *COPPERS])
    t.put(0, "discard", "gold", "estate")
    _checked(t, lambda: t.play("harbinger"))
    moved = _checked(t, lambda: t.pick("gold"))
    assert _names_seen(moved, 0, "put_on_deck") == [["gold"]] and _names_seen(moved, 1, "put_on_deck") == [None]


@pytest.mark.parametrize("card", ["cellar", "artisan", "chancellor"])
def test_hidden_moves_of_cellar_artisan_chancellor(card: str) -> None:
    t = Table(card, "laboratory", hand=[card, "estate", "copper", "copper", "copper"])
    _checked(t, lambda: t.play(card))
    if card == "cellar":
        events = _checked(t, lambda: t.pick("estate", "copper"))
        assert _names_seen(events, 1, "discarded") == [None]
    elif card == "artisan":
        _checked(t, lambda: t.choose("laboratory"))
        events = _checked(t, lambda: t.pick("laboratory"))
        assert _names_seen(events, 1, "put_on_deck") == [None]
    else:
        events = _checked(t, lambda: t.choose("yes"))
        assert _names_seen(events, 0, "discarded") == [None] and _names_seen(events, 1, "discarded") == [None]


def test_library_bureaucrat_and_spy_show_in_view() -> None:
    t = Table("library", "smithy", hand=["library", *COPPERS])
    t.put(0, "deck", "smithy")
    _checked(t, lambda: t.play("library"))
    events = _checked(t, lambda: t.pick("smithy"))
    assert _names_seen(events, 1, "set_aside") == [["smithy"]]
    b = Table("bureaucrat", hand=["bureaucrat", *COPPERS])
    b.put(1, "hand", "estate")
    events = _checked(b, lambda: b.play("bureaucrat"))
    assert _names_seen(events, None, "put_on_deck") == [["estate"]]
    s = Table("spy", hand=["spy", *COPPERS])
    s.put(1, "deck", "gold")
    s.put(0, "deck", "copper", "silver")
    events = _checked(s, lambda: s.play("spy"))
    assert ["silver"] in _names_seen(events, None, "revealed")
    events = _checked(s, lambda: s.choose("back"))
    assert ["gold"] in _names_seen(events, None, "revealed")
