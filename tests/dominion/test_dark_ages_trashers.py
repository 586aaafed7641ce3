"""Dark Ages' cards that trash to gain or to pay (dominion/kingdom/dark_ages_trashers.py), with Madman and Mercenary."""

from __future__ import annotations

from dominion import RULES

from .table import Table


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


def test_urchin_makes_every_other_player_discard_down_to_4_at_once() -> None:
    t = Table("urchin", players=3, hand=["urchin", "copper", "copper", "copper", "copper"])
    t.put(1, "hand", "silver")
    t.put(2, "hand", "gold")
    t.play("urchin")
    assert RULES.awaiting(t.state) == [1, 2]  # both decide at once
    t.pick("copper", "copper", by=2)
    assert RULES.awaiting(t.state) == [1] and len(t.hand(2)) == 6  # applied only when all have answered
    t.pick("silver", "copper", by=1)
    assert len(t.hand(1)) == 4 and len(t.hand(2)) == 4 and t.names(1, "discard") == ["silver", "copper"]


def test_procession_plays_twice_trashes_and_gains_exactly_one_more() -> None:
    t = Table("procession", "market_square", "forager", hand=["procession", "market_square", "copper", "copper", "copper"])
    t.play("procession")
    t.pick("market_square")
    assert t.state.actions == 2 and t.state.buys == 3 and len(t.hand()) == 5
    assert t.trash() == ["market_square"] and t.decision()["options"]  # Actions costing exactly $4
    assert all(t.state.names[t.state.piles[p][0]] in ("procession", "armory", "ironmonger")
               for p in t.decision()["options"])


def test_rats_gains_a_rats_trashes_a_non_rats_and_draws_when_trashed() -> None:
    t = Table("rats", hand=["rats", "copper", "hovel", "copper", "copper"])
    t.play("rats")
    assert t.names(0, "discard") == ["rats"] and t.pile("rats") == 18  # 20 less the one in hand
    offered = {t.state.names[c] for c in t.decision()["cards"]}
    assert "rats" not in offered
    t.pick("hovel")
    assert t.trash() == ["hovel"]


def test_rats_trashed_draws_a_card() -> None:
    t = Table("rats", "altar", hand=["altar", "rats", "copper", "copper", "copper"])
    t.play("altar")
    t.pick("rats")
    assert len(t.hand()) == 4  # 5 - Altar - Rats + 1


def test_counterfeit_plays_a_treasure_twice_and_trashes_it() -> None:
    t = Table("counterfeit", hand=["counterfeit", "silver", "copper", "copper", "copper"])
    t.play("counterfeit")
    t.pick("silver")
    assert t.state.coins == 5 and t.state.buys == 2 and t.trash() == ["silver"]


def test_graverobber_gains_from_the_trash_onto_the_deck() -> None:
    t = Table("graverobber", hand=["graverobber", "copper", "copper", "copper", "copper"])
    t.put(0, "discard", "gold", "silver")
    t.state.trash.extend(t.state.zones[0]["discard"][:])
    t.state.zones[0]["discard"].clear()
    t.play("graverobber")
    t.choose("from_trash")
    t.pick("gold")
    assert t.names(0, "deck")[0] == "gold"


def test_graverobber_trashes_an_action_and_gains_up_to_3_more() -> None:
    t = Table("graverobber", hand=["graverobber", "necropolis", "copper", "copper", "copper"])
    t.play("graverobber")
    t.choose("trash_action")
    assert "duchy" not in t.decision()["options"] and "silver" in t.decision()["options"]  # up to $4
    t.choose("silver")
    assert t.trash() == ["necropolis"]


def test_junk_dealer() -> None:
    t = Table("junk_dealer", hand=["junk_dealer", "hovel", "copper", "copper", "copper"])
    t.play("junk_dealer")
    t.pick("hovel")
    assert t.state.coins == 1 and t.state.actions == 1 and t.trash() == ["hovel"]


def test_rebuild_trashes_an_unnamed_victory_card_for_a_better_one() -> None:
    t = Table("rebuild", hand=["rebuild", "copper", "copper", "copper", "copper"],
              deck=["copper", "estate", "duchy", "copper", "copper"])
    t.play("rebuild")
    t.do("decide", name="estate")
    assert t.trash() == ["duchy"] and t.names(0, "discard") == ["copper", "estate"]
    t.choose("province")
    assert t.names(0, "discard")[-1] == "province"


def test_altar_trashes_and_gains_up_to_5() -> None:
    t = Table("altar", hand=["altar", "hovel", "copper", "copper", "copper"])
    t.play("altar")
    t.pick("hovel")
    assert "gold" not in t.decision()["options"]
    t.choose("duchy")
    assert t.trash() == ["hovel"] and t.names(0, "discard") == ["duchy"]


def test_madman_returns_and_doubles_the_hand() -> None:
    t = Table("hermit", hand=["madman", "copper", "copper", "copper", "copper"])
    t.play("madman")
    assert t.state.actions == 2 and len(t.hand()) == 8 and t.pile("madman") == 10


def test_mercenary_trashes_two_for_cards_coins_and_an_attack() -> None:
    t = Table("urchin", hand=["mercenary", "hovel", "necropolis", "copper", "copper"])
    t.play("mercenary")
    t.choose("yes")
    t.pick("hovel", "necropolis")
    assert t.state.coins == 2 and len(t.hand()) == 4
    assert len(t.hand(1)) == 3  # five Coppers: the one way to discard two is taken by the engine


def test_mercenary_with_one_card_trashes_it_without_the_bonus() -> None:
    t = Table("urchin", hand=["mercenary", "hovel", "copper", "copper", "copper"])
    t.clear(0, "hand")
    t.put(0, "hand", "mercenary", "hovel")
    t.play("mercenary")
    t.choose("yes")
    assert t.trash()[-1] == "hovel" and t.state.coins == 0 and len(t.hand()) == 0
