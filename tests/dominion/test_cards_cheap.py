"""Kingdom cards costing $1 to $3, each with its reaction and when-trashed parts."""

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


def test_vagrant_takes_a_victory_card_and_leaves_a_copper() -> None:
    t = Table("vagrant", hand=["vagrant", "copper", "copper", "copper", "copper"],
              deck=["copper", "estate", "copper", "copper", "copper"])
    t.play("vagrant")
    assert t.hand().count("estate") == 1 and t.state.actions == 1
    t2 = Table("vagrant", hand=["vagrant", "copper", "copper", "copper", "copper"],
               deck=["copper", "silver", "copper", "copper", "copper"])
    t2.play("vagrant")
    assert t2.names(0, "deck")[0] == "silver" and t2.names(0, "set_aside") == []


def test_forager_trashes_and_counts_different_treasures_in_the_trash() -> None:
    t = Table("forager", hand=["forager", "copper", "silver", "hovel", "copper"])
    t.put(0, "discard", "gold")
    t.state.trash.append(t.state.zones[0]["discard"].pop())  # a Gold lies in the trash already
    t.play("forager")
    t.pick("copper")
    assert t.state.coins == 2 and t.state.buys == 2 and t.state.actions == 1


def test_hermit_trashes_from_the_discard_pile_and_gains_up_to_3() -> None:
    t = Table("hermit", hand=["hermit", "copper", "copper", "copper", "copper"])
    t.put(0, "discard", "estate", "silver")
    t.play("hermit")
    offered = {t.state.names[c] for c in t.decision()["cards"]}
    assert offered == {"estate"}  # no Treasures, from hand or discard pile
    t.pick("estate")
    t.choose("silver")
    assert t.trash() == ["estate"] and t.names(0, "discard")[-1] == "silver"


def test_hermit_discarded_from_play_without_a_buy_becomes_a_madman() -> None:
    t = Table("hermit", hand=["hermit", "copper", "copper", "copper", "copper"])
    t.play("hermit")  # nothing to trash: no question
    t.choose("silver")
    t.do("end_turn")
    assert "hermit" in t.trash() and "madman" in t.names(0, "discard") and t.pile("madman") == 9


def test_hermit_stays_when_something_was_bought() -> None:
    t = Table("hermit", hand=["hermit", "copper", "copper", "copper", "copper"])
    t.play("hermit")  # nothing to trash: no question
    t.choose("silver")
    t.do("play_treasures")
    t.do("buy", card="silver")
    t.do("end_turn")
    assert "hermit" not in t.trash() and t.pile("madman") == 10


def test_market_square_draws_and_reacts_to_a_trashing_with_a_gold() -> None:
    t = Table("market_square", "junk_dealer", hand=["market_square", "junk_dealer", "market_square", "copper", "copper"])
    t.play("market_square")
    assert t.state.actions == 1 and t.state.buys == 2 and len(t.hand()) == 5
    t.play("junk_dealer")
    t.pick("copper")
    assert t.decision()["reaction"] == "market_square"
    t.choose("yes")
    assert t.names(0, "discard") == ["market_square", "gold"]


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


def test_urchin_makes_every_other_player_discard_down_to_4_at_once() -> None:
    t = Table("urchin", players=3, hand=["urchin", "copper", "copper", "copper", "copper"])
    t.put(1, "hand", "silver")
    t.put(2, "hand", "gold")
    t.play("urchin")
    from dominion import RULES
    assert RULES.awaiting(t.state) == [1, 2]  # both decide at once
    t.pick("copper", "copper", by=2)
    assert RULES.awaiting(t.state) == [1] and len(t.hand(2)) == 6  # applied only when all have answered
    t.pick("silver", "copper", by=1)
    assert len(t.hand(1)) == 4 and len(t.hand(2)) == 4 and t.names(1, "discard") == ["silver", "copper"]
