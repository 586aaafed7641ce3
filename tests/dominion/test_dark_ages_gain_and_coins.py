"""Dark Ages' cards that gain or pay (dominion/kingdom/dark_ages_gain_and_coins.py), with their reactions and when-trashed parts."""

from __future__ import annotations

from .table import Table


def test_poor_house_gives_4_less_1_per_treasure_in_hand() -> None:
    t = Table("poor_house", hand=["poor_house", "copper", "copper", "hovel", "necropolis"])
    events = t.play("poor_house")
    assert t.state.coins == 2
    assert any(e.type == "hand_revealed" for e in events)


def test_poor_house_never_goes_below_zero() -> None:
    t = Table("poor_house", hand=["poor_house", "copper", "copper", "copper", "copper"])
    t.put(0, "hand", "silver")
    t.play("poor_house")
    assert t.state.coins == 0


def test_poor_house_takes_nothing_from_money_made_before_it() -> None:
    # The rulebook: "Für jede Geldkarte auf deiner Hand reduzieren sich die +4 um 1 (niemals jedoch unter 0)".
    t = Table("poor_house", "squire", hand=["necropolis", "squire", "poor_house", "copper", "copper"])
    t.put(0, "hand", "copper", "copper", "copper")
    t.play("necropolis")
    t.play("squire")
    t.choose("actions")
    assert t.state.coins == 1
    t.play("poor_house")  # five Coppers in hand: +$4 less 5, which is +$0
    assert t.state.coins == 1


def test_beggar_gains_three_coppers_to_hand() -> None:
    t = Table("beggar", hand=["beggar", "copper", "copper", "copper", "copper"])
    before = t.pile("copper")
    t.play("beggar")
    assert t.hand().count("copper") == 7 and t.pile("copper") == before - 3


def test_beggar_reacts_to_an_attack_with_two_silvers_one_onto_the_deck() -> None:
    t = Table("beggar", "urchin", hand=["urchin", "copper", "copper", "copper", "copper"])
    t.put(1, "hand", "beggar")
    t.play("urchin")
    assert t.seat == 1 and t.decision()["reaction"] == "beggar"
    t.choose("yes")
    assert t.names(1, "deck")[0] == "silver" and t.names(1, "discard") == ["beggar", "silver", "copper"]
    # then the Urchin's attack: seat 1 holds 5 Coppers and discards one (one name: the engine does it)
    assert len(t.hand(1)) == 4 and t.seat == 0


def test_squire_choices() -> None:
    for choice, check in (("actions", lambda s: s.actions == 2), ("buys", lambda s: s.buys == 3),
                          ("silver", lambda s: s.names[s.zones[0]["discard"][-1]] == "silver")):
        t = Table("squire", hand=["squire", "copper", "copper", "copper", "copper"])
        t.play("squire")
        t.choose(choice)
        assert t.state.coins == 1 and check(t.state)


def test_squire_when_trashed_gains_an_attack_card() -> None:
    t = Table("squire", "altar", "urchin", hand=["altar", "squire", "copper", "copper", "copper"])
    t.play("altar")
    t.pick("squire")
    # the only Attack in the Supply: the engine takes the one legal answer itself
    assert t.names(0, "discard") == ["urchin"]
    assert t.decision()["card"] == "altar"  # then the Altar's own gain
    t.choose("duchy")
    assert t.names(0, "discard") == ["urchin", "duchy"]


def test_market_square_draws_and_reacts_to_a_trashing_with_a_gold() -> None:
    t = Table("market_square", "junk_dealer", hand=["market_square", "junk_dealer", "market_square", "copper", "copper"])
    t.play("market_square")
    assert t.state.actions == 1 and t.state.buys == 2 and len(t.hand()) == 5
    t.play("junk_dealer")
    t.pick("copper")
    assert t.decision()["reaction"] == "market_square"
    t.choose("yes")
    assert t.names(0, "discard") == ["market_square", "gold"]


def test_armory_gains_up_to_4_onto_the_deck() -> None:
    t = Table("armory", hand=["armory", "copper", "copper", "copper", "copper"])
    t.play("armory")
    assert "gold" not in t.decision()["options"] and "silver" in t.decision()["options"]
    t.choose("silver")
    assert t.names(0, "deck")[0] == "silver"


def test_band_of_misfits_plays_a_cheaper_supply_card_leaving_it_there() -> None:
    t = Table("band_of_misfits", "fortress", hand=["band_of_misfits", "copper", "copper", "copper", "copper"])
    t.play("band_of_misfits")
    options = t.decision()["options"]
    assert "fortress" in options and "band_of_misfits" not in options and "altar" not in options
    t.choose("fortress")
    assert t.state.actions == 2 and len(t.hand()) == 5 and t.pile("fortress") == 10


def test_count_both_choices() -> None:
    t = Table("count", hand=["count", "hovel", "necropolis", "copper", "copper"])
    t.play("count")
    t.choose("discard_two")
    t.pick("hovel", "necropolis")
    t.choose("coins")
    assert t.state.coins == 3 and t.names(0, "discard") == ["hovel", "necropolis"]
    t2 = Table("count", hand=["count", "silver", "necropolis", "copper", "copper"])
    t2.play("count")
    t2.choose("onto_deck")
    t2.pick("silver")
    t2.choose("duchy")
    assert t2.names(0, "deck")[0] == "silver" and t2.names(0, "discard") == ["duchy"]
    t3 = Table("count", hand=["count", "silver", "necropolis", "copper", "copper"])
    t3.play("count")
    t3.choose("copper")
    t3.choose("trash_hand")
    assert sorted(t3.trash()) == ["copper", "copper", "necropolis", "silver"] and t3.names(0, "discard") == ["copper"]
