"""Cards looked at before a choice: the deciding player sees the cards the choice needs, in the decision
and in the history; other seats and spectators see no more than the rules make public (revealed cards
are public, cards only looked at are not)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from dominion import RULES
from dominion.bots import heuristic_bot, random_bot
from dominion.events import EVENT_SCHEMA_VERSION, Event
from dominion.simulate import play
from dominion.state import State

from .invariants import check_view
from .table import Table

HAND = ["survivors", "copper", "copper", "copper", "copper"]
FIXTURES = Path(__file__).parent / "fixtures"


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


def test_catacombs_shows_the_three_cards_in_the_decision_and_the_history_to_its_player_alone() -> None:
    """Seed 004, Katakomben: "siehst du dir zuerst die obersten 3 Karten von deinem Nachziehstapel an. Dann
    musst du dich entscheiden"; put into the hand, they stay the player's secret."""
    t = Table("catacombs", hand=["catacombs", "copper", "copper", "copper", "copper"],
              deck=["silver", "gold", "hovel", "copper", "copper"])
    top = t.state.zones[0]["deck"][:3]
    events = t.play("catacombs")
    assert [c["card"] for c in RULES.view(t.state, 0)["decision"]["seen"]] == ["silver", "gold", "hovel"]
    check_others_learn_nothing(t, events, top)
    (looked,) = [e for e in events if e.type == "looked_at"]
    assert RULES.redact(looked, 0)["names"] == ["silver", "gold", "hovel"]
    assert RULES.redact(looked, 1) == {"type": "looked_at", "seat": 0, "card": "catacombs", "count": 3}
    events = t.choose("hand")
    check_others_learn_nothing(t, events, top)


def check_everyone_sees(t: Table, events: list[Event], cards: list[int]) -> None:
    """Every seat and a spectator read the names of `cards` in the events (revealed cards are public)."""
    names = sorted(t.state.names[c] for c in cards)
    for seat in [None, *range(t.state.players)]:
        check_view(t.state, seat)
        told = [n for e in events for n in RULES.redact(e, seat).get("names", [])]
        assert all(told.count(n) >= names.count(n) for n in names), (seat, told)


def offered(t: Table, seat: int = 0) -> list[int]:
    """The card numbers the seat's decision offers, as its view shows them."""
    return [c["id"] for c in RULES.view(t.state, seat)["decision"]["cards"]]


def test_scavenger_lets_its_player_look_through_the_discard_pile_the_others_see_its_top() -> None:
    """The card: "Look through your discard pile and put one card from it onto your deck": the deck put into
    the discard pile and the cards below its top are the player's to see, no one else's."""
    t = Table("scavenger", hand=["scavenger", "copper", "copper", "copper", "copper"],
              deck=["gold", "silver", "hovel", "necropolis", "overgrown_estate"])
    t.put(0, "discard", "estate", "duchy")
    deck, discard = list(t.state.zones[0]["deck"]), list(t.state.zones[0]["discard"])
    events = t.play("scavenger")
    assert RULES.view(t.state, 0)["decision"]["options"] == ["yes", "no"]
    events += t.choose("yes")
    assert sorted(offered(t)) == sorted(discard + deck)
    check_others_learn_nothing(t, events, deck[:-1])  # the last of the deck is the pile's top now: public
    assert RULES.view(t.state, 1)["players"][0]["discard_top"] == "overgrown_estate"
    events = t.pick("gold")
    check_others_learn_nothing(t, events, deck[:1])


def test_wandering_minstrels_revealed_cards_are_public_and_the_actions_are_offered_to_order() -> None:
    """Seed 004, Barde: "deckst du die obersten 3 Karten von deinem Nachziehstapel auf ... Lege alle
    aufgedeckten Aktionskarten in beliebiger Reihenfolge zurück"."""
    t = Table("wandering_minstrel", "fortress", hand=["wandering_minstrel", "copper", "copper", "copper", "copper"],
              deck=["copper", "necropolis", "silver", "fortress", "copper"])
    revealed = t.state.zones[0]["deck"][1:4]
    events = t.play("wandering_minstrel")
    check_everyone_sees(t, events, revealed)
    assert sorted(offered(t)) == sorted([revealed[0], revealed[2]])
    assert RULES.view(t.state, 1)["decision"] is None


def test_rats_offers_the_hand_but_rats_and_a_hand_of_rats_is_shown_to_all() -> None:
    """Seed 004, Ratten: "Hast du nur Ratten auf der Hand, musst du deine Kartenhand den anderen Spielern
    vorzeigen"; otherwise the hand stays the player's."""
    t = Table("rats", hand=["rats", "copper", "hovel", "copper", "copper"])
    events = t.play("rats")
    hand = t.state.hand(0)
    assert sorted(offered(t)) == sorted(c for c in hand if t.state.names[c] != "rats")
    check_others_learn_nothing(t, events, hand)
    t2 = Table("rats", hand=["rats", "rats", "rats", "copper", "copper"], deck=["rats"] * 5)
    t2.play("rats")
    t2.play("rats")
    events = t2.play("rats")
    check_everyone_sees(t2, events, t2.state.hand(0))


def test_pillage_shows_the_revealed_hand_to_all_and_the_attacker_chooses_from_it() -> None:
    """Seed 004, Raubzug: "muss jeder Mitspieler ... seine komplette Kartenhand aufdecken. Du wählst bei
    jedem Mitspieler eine seiner Handkarten, die dieser ablegen muss"."""
    t = Table("pillage", players=3, hand=["pillage", "copper", "copper", "copper", "copper"])
    t.put(1, "hand", "gold")
    victim = list(t.state.hand(1))
    events = t.play("pillage")
    check_everyone_sees(t, events, victim)
    assert sorted(offered(t)) == sorted(victim)
    assert RULES.view(t.state, 1)["decision"] is None and RULES.view(t.state, 2)["decision"] is None


def test_a_knights_revealed_cards_are_public_and_the_victim_chooses_between_the_costly_ones() -> None:
    """Seed 004, Ritter: "muss jeder Mitspieler die obersten beiden Karten von seinem Nachziehstapel
    aufdecken ... Kosten beide aufgedeckten Karten 3-6, so darf der Mitspieler entscheiden"."""
    t = Table("rogue", hand=["rogue", "copper", "copper", "copper", "copper"])
    t.put(1, "deck", "silver", "gold")
    revealed = t.state.zones[1]["deck"][:2]
    events = t.play("rogue")
    check_everyone_sees(t, events, revealed)
    assert sorted(offered(t, 1)) == sorted(revealed) and RULES.view(t.state, 0)["decision"] is None


def test_hermit_offers_the_non_treasures_of_discard_pile_and_hand_to_its_player_alone() -> None:
    """Seed 004, Eremit: "siehst du dir zunächst deinen Ablagestapel durch. Dann darfst du eine Karte, die
    keine Geldkarte ist, aus dem Ablagestapel oder aus deiner Hand entsorgen"."""
    t = Table("hermit", hand=["hermit", "hovel", "copper", "copper", "copper"])
    t.put(0, "discard", "estate", "silver", "duchy")
    cards = [c for c in t.state.zones[0]["discard"] + t.state.hand(0) if t.state.names[c] in ("estate", "duchy", "hovel")]
    events = t.play("hermit")
    assert sorted(offered(t)) == sorted(cards)
    check_others_learn_nothing(t, events, [c for c in cards if t.state.names[c] != "duchy"])  # Duchy is on top


@pytest.mark.parametrize("card", ["ironmonger", "sage", "vagrant", "mystic"])
def test_a_revealed_top_card_is_public(card: str) -> None:
    """Ironmonger, Vagrant (after drawing one), Sage (after a Copper) and Mystic reveal the Gold."""
    deck = ["gold"] if card == "mystic" else ["copper", "gold"]
    t = Table(card, hand=[card, "copper", "copper", "copper", "copper"], deck=deck + ["copper"] * (5 - len(deck)))
    gold = t.state.zones[0]["deck"][len(deck) - 1]
    events = t.play(card)
    if card == "mystic":
        events += t.do("decide", name="silver")
    check_everyone_sees(t, events, [gold])
    if card == "ironmonger":  # to discard it or not: the decision shows it
        assert [c["card"] for c in RULES.view(t.state, 0)["decision"]["seen"]] == ["gold"]


def _old_survivors_game() -> tuple[list[Event], dict[str, Any]]:
    """A game stored by the engine before Survivors showed its cards (event format 1): seat 0 has played
    Survivors onto a Silver and a Gold and is asked to discard or put back; its events and the snapshot
    the server kept of that state."""
    stored = json.loads((FIXTURES / "survivors_v1.json").read_text())
    return [RULES.decode(e) for e in stored["events"]], stored["snapshot"]


def test_a_survivors_decision_stored_by_an_older_engine_shows_the_cards_too() -> None:
    events, snapshot = _old_survivors_game()
    assert all(e.v == EVENT_SCHEMA_VERSION for e in events)  # upcast as decoded
    folded, loaded = RULES.fold(events), RULES.load_state(snapshot)
    assert RULES.dump_state(folded) == RULES.dump_state(loaded)  # the log and its snapshot agree
    for state in (folded, loaded):
        assert [c["card"] for c in RULES.view(state, 0)["decision"]["seen"]] == ["silver", "gold"]
        for other in (None, 1):
            check_view(state, other)
    # The game goes on under this engine: put back, Gold on top.
    t = Table("cultist", hand=HAND)
    t.events, t.state = events, folded
    t.choose("back")
    t.do("decide", order=[t.id("gold", zone="deck"), t.id("silver", zone="deck")])
    assert t.names(0, "deck")[:2] == ["gold", "silver"]
    assert RULES.fold(t.events) == t.state


def _as_format_1(event: Event) -> dict[str, Any] | None:
    """The stored form an engine of event format 1 gave `event` (None: that engine had no such event)."""
    if event.type == "looked_at":
        return None
    data = json.loads(json.dumps(RULES.encode(event)))  # a copy: encode shares the event's payloads
    data["v"] = 1
    for part in data.get("private", {}).values():
        if "decision" in part and part["decision"]["card"] in ("survivors", "ironmonger"):
            part["decision"] = {k: v for k, v in part["decision"].items() if k != "seen"}
    return data


def _states(history: list[Event]) -> list[State]:
    """The state after each event but a `looked_at` (which changes nothing)."""
    states, state = [], None
    for event in history:
        state = RULES.evolve(state, event)
        if event.type != "looked_at":
            states.append(state)
    return states


def test_whole_games_stored_in_format_1_fold_to_the_same_states() -> None:
    """Every event type reads the same after the upcast (a Survivors decision gets its cards back): the
    states after every event are those of the format-2 log."""
    rng = random.Random(23)  # games in which Survivors and Ironmonger both ask
    kingdom = ["cultist", "marauder", "death_cart", "catacombs", "scavenger", "wandering_minstrel", "rats", "sage",
               "mystic", "ironmonger"]
    asked: set[str] = set()
    for bots in ([heuristic_bot, heuristic_bot], [random_bot, random_bot, random_bot]):
        _, history = play(bots, rng, {"kingdom": kingdom})
        older = [RULES.decode(d) for d in map(_as_format_1, history) if d is not None]
        asked |= {card for e in older if e.type == "waiting" for card in ("survivors", "ironmonger")
                  if f"'card': '{card}'" in str(e.private)}
        assert _states(older) == _states(history)
    assert asked == {"survivors", "ironmonger"}
