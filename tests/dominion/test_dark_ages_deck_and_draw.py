"""Dark Ages' cards that draw or sort the deck (dominion/kingdom/dark_ages_deck_and_draw.py), with their when-trashed parts."""

from __future__ import annotations

from dominion import RULES

from .table import Table


def test_vagrant_takes_a_victory_card_and_leaves_a_copper() -> None:
    t = Table("vagrant", hand=["vagrant", "copper", "copper", "copper", "copper"],
              deck=["copper", "estate", "copper", "copper", "copper"])
    t.play("vagrant")
    assert t.hand().count("estate") == 1 and t.state.actions == 1
    t2 = Table("vagrant", hand=["vagrant", "copper", "copper", "copper", "copper"],
               deck=["copper", "silver", "copper", "copper", "copper"])
    t2.play("vagrant")
    assert t2.names(0, "deck")[0] == "silver" and t2.names(0, "set_aside") == []


def test_sage_reveals_until_a_card_costing_3() -> None:
    t = Table("sage", hand=["sage", "copper", "copper", "copper", "copper"],
              deck=["copper", "hovel", "silver", "copper", "copper"])
    t.play("sage")
    assert "silver" in t.hand() and t.names(0, "discard") == ["copper", "hovel"]
    assert t.names(0, "set_aside") == []


def test_storeroom_discards_to_draw_then_for_coins() -> None:
    t = Table("storeroom", hand=["storeroom", "hovel", "necropolis", "copper", "copper"],
              deck=["silver", "gold", "copper", "copper", "copper"])
    t.play("storeroom")
    t.pick("hovel", "necropolis")
    assert sorted(t.hand()) == ["copper", "copper", "gold", "silver"]
    t.pick("copper", "copper")
    assert t.state.coins == 2 and t.state.buys == 2


def test_fortress_draws_gives_actions_and_returns_to_hand_when_trashed() -> None:
    t = Table("fortress", "altar", hand=["fortress", "altar", "copper", "copper", "copper"])
    t.play("fortress")
    assert t.state.actions == 2 and len(t.hand()) == 5
    t.put(0, "hand", "fortress")
    t.play("altar")
    t.pick("fortress")
    assert "fortress" in t.hand() and "fortress" not in t.trash()


def test_ironmonger_bonuses_by_type_and_discard_or_back() -> None:
    t = Table("ironmonger", hand=["ironmonger", "copper", "copper", "copper", "copper"],
              deck=["copper", "silver", "copper", "copper", "copper"])
    t.play("ironmonger")
    t.choose("back")
    assert t.state.coins == 1 and t.state.actions == 1 and t.names(0, "deck")[0] == "silver"
    t2 = Table("ironmonger", hand=["ironmonger", "copper", "copper", "copper", "copper"],
               deck=["copper", "overgrown_estate", "silver", "copper", "copper"])
    t2.play("ironmonger")
    t2.choose("discard")
    assert t2.names(0, "discard") == ["overgrown_estate"] and len(t2.hand()) == 6  # Victory: +1 Card
    t3 = Table("ironmonger", hand=["ironmonger", "copper", "copper", "copper", "copper"],
               deck=["copper", "necropolis", "copper", "copper", "copper"])
    t3.play("ironmonger")
    t3.choose("back")
    assert t3.state.actions == 2


def test_scavenger_puts_the_deck_away_and_a_card_from_discard_on_top() -> None:
    t = Table("scavenger", hand=["scavenger", "copper", "copper", "copper", "copper"])
    t.put(0, "discard", "gold")
    t.play("scavenger")
    t.choose("yes")
    t.pick("gold")
    assert t.state.coins == 2 and t.names(0, "deck") == ["gold"] and len(t.names(0, "discard")) == 5


def test_scavenger_shows_others_no_card_from_below_the_discard_piles_top() -> None:
    t = Table("scavenger", hand=["scavenger", "copper", "copper", "copper", "copper"])
    t.put(0, "discard", "gold", "estate", "silver")  # silver on top
    t.play("scavenger")
    t.choose("no")
    (moved,) = [e for e in t.pick("gold") if e.type == "put_on_deck"]
    assert "gold" in str(RULES.redact(moved, 0))
    assert all("gold" not in str(RULES.redact(moved, seat)) for seat in (None, 1))
    # The top card was public anyway: taking it is told to all.
    t = Table("scavenger", hand=["scavenger", "copper", "copper", "copper", "copper"])
    t.put(0, "discard", "gold", "silver")
    t.play("scavenger")
    t.choose("no")
    (moved,) = [e for e in t.pick("silver") if e.type == "put_on_deck"]
    assert "silver" in str(RULES.redact(moved, 1))


def test_wandering_minstrel_puts_actions_back_in_order_and_discards_the_rest() -> None:
    t = Table("wandering_minstrel", "fortress", hand=["wandering_minstrel", "copper", "copper", "copper", "copper"],
              deck=["copper", "necropolis", "silver", "fortress", "copper"])
    t.play("wandering_minstrel")
    assert t.state.actions == 2
    fortress, necropolis = t.id("fortress", zone="set_aside"), t.id("necropolis", zone="set_aside")
    t.do("decide", order=[fortress, necropolis])
    assert t.names(0, "deck")[:2] == ["fortress", "necropolis"] and t.names(0, "discard") == ["silver"]


def test_catacombs_takes_the_three_or_discards_them_and_draws_three() -> None:
    t = Table("catacombs", hand=["catacombs", "copper", "copper", "copper", "copper"],
              deck=["silver", "gold", "hovel", "copper", "copper"])
    t.play("catacombs")
    assert {t.state.names[c] for c in t.decision()["seen"]} == {"silver", "gold", "hovel"}
    t.choose("hand")
    assert sorted(t.hand()) == ["copper"] * 4 + ["gold", "hovel", "silver"]
    t2 = Table("catacombs", hand=["catacombs", "copper", "copper", "copper", "copper"],
               deck=["silver", "gold", "hovel", "copper", "copper"])
    t2.play("catacombs")
    events = t2.choose("discard")
    # two cards were left: the draw shuffles the discard pile, the three just discarded included
    assert [e.type for e in events].count("shuffled") == 1 and len(t2.hand()) == 7
    assert t2.names(0, "discard") == [] and len(t2.names(0, "deck")) == 2


def test_catacombs_when_trashed_gains_a_cheaper_card() -> None:
    t = Table("catacombs", "altar", hand=["altar", "catacombs", "copper", "copper", "copper"])
    t.play("altar")
    t.pick("catacombs")
    options = t.decision()["options"]
    assert t.decision()["card"] == "catacombs" and "duchy" not in options and "silver" in options


def test_mystic_takes_the_named_card() -> None:
    t = Table("mystic", hand=["mystic", "copper", "copper", "copper", "copper"],
              deck=["gold", "copper", "copper", "copper", "copper"])
    t.play("mystic")
    t.do("decide", name="gold")
    assert "gold" in t.hand() and t.state.coins == 2 and t.state.actions == 1
    t2 = Table("mystic", hand=["mystic", "copper", "copper", "copper", "copper"],
               deck=["gold", "copper", "copper", "copper", "copper"])
    t2.play("mystic")
    t2.do("decide", name="silver")
    assert t2.names(0, "deck")[0] == "gold"


def test_hunting_grounds_draws_four_and_gains_when_trashed() -> None:
    t = Table("hunting_grounds", "altar", hand=["hunting_grounds", "altar", "copper", "copper", "copper"])
    t.play("hunting_grounds")
    assert len(t.hand()) == 8
    t2 = Table("hunting_grounds", "altar", hand=["altar", "hunting_grounds", "copper", "copper", "copper"])
    t2.play("altar")
    t2.pick("hunting_grounds")
    t2.choose("estates")
    assert t2.names(0, "discard") == ["estate"] * 3
