"""Cards looked at before a choice: the deciding player sees the cards the choice needs, in the decision
and in the history; other seats and spectators see no more than the rules make public (revealed cards
are public, cards only looked at are not)."""

from __future__ import annotations

from typing import Any

from dominion import RULES
from dominion.events import Event

from .invariants import check_view
from .table import Table

HAND = ["survivors", "copper", "copper", "copper", "copper"]


def numbers_in(value: Any) -> set[int]:
    """Every card number a JSON value names: the `id` of a card, the members of a list of cards."""
    found: set[int] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "id" and isinstance(item, int):
                found.add(item)
            elif key in ("cards", "seen", "order") and isinstance(item, list):
                found |= {c for c in item if isinstance(c, int)}
            found |= numbers_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= numbers_in(item)
    return found


def check_others_learn_nothing(t: Table, events: list[Event], cards: list[int], seat: int = 0) -> None:
    """The other seats and a spectator see neither `cards` nor their names, in the views or the events."""
    names = {t.state.names[c] for c in cards}
    for other in [None, *(s for s in range(t.state.players) if s != seat)]:
        check_view(t.state, other)  # the view is the same whatever the hidden cards are
        assert not numbers_in(RULES.view(t.state, other)) & set(cards)
        for event in events:
            seen = RULES.redact(event, other)
            assert not numbers_in(seen) & set(cards), (other, seen)
            assert not names & set(seen.get("names", [])), (other, seen)


def test_survivors_shows_the_two_cards_before_the_choice_to_its_player_alone() -> None:
    """Seed 004, Überlebende: "Wenn du die Überlebenden ausspielst, siehst du dir die obersten beiden Karten
    von deinem Nachziehstapel an und entscheidest dich dann, ob du beide Karten auf deinen Ablagestapel
    legst oder ob du beide Karten in beliebiger Reihenfolge zurück auf deinen Nachziehstapel legst."""
    t = Table("cultist", hand=HAND, deck=["silver", "gold", "copper", "copper", "copper"])
    top = t.state.zones[0]["deck"][:2]
    events = t.play("survivors")
    decision = RULES.view(t.state, 0)["decision"]
    assert decision["options"] == ["discard", "back"]
    assert [c["card"] for c in decision["seen"]] == ["silver", "gold"]
    check_view(t.state, 0)
    check_others_learn_nothing(t, events, top)
    # The history: the player reads which cards were looked at, the others only how many.
    (looked,) = [e for e in events if e.type == "looked_at"]
    assert RULES.redact(looked, 0)["names"] == ["silver", "gold"]
    for other in (None, 1):
        assert RULES.redact(looked, other) == {"type": "looked_at", "seat": 0, "card": "survivors", "count": 2}
    # Put back, in an order: still the player's secret.
    events = t.choose("back")
    check_others_learn_nothing(t, events, top)
    events = t.do("decide", order=top[::-1])
    check_others_learn_nothing(t, events, top)
    assert t.names(0, "deck")[:2] == ["gold", "silver"]


def test_survivors_with_one_card_left_shows_that_one() -> None:
    t = Table("cultist", hand=HAND, deck=["copper"] * 5)
    t.clear(0, "deck")
    t.put(0, "deck", "silver")  # the deck holds the Silver alone, the discard pile nothing
    events = t.play("survivors")
    assert [c["card"] for c in RULES.view(t.state, 0)["decision"]["seen"]] == ["silver"]
    check_others_learn_nothing(t, events, t.state.zones[0]["deck"])
