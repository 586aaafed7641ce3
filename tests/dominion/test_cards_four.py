"""Kingdom cards costing $4, each with its when-trashed and when-gained parts."""

from __future__ import annotations

from dominion import RULES
from dominion.scoring import score

from .table import Table


def test_armory_gains_up_to_4_onto_the_deck() -> None:
    t = Table("armory", hand=["armory", "copper", "copper", "copper", "copper"])
    t.play("armory")
    assert "gold" not in t.decision()["options"] and "silver" in t.decision()["options"]
    t.choose("silver")
    assert t.names(0, "deck")[0] == "silver"


def test_death_cart_trashes_itself_for_5() -> None:
    t = Table("death_cart", hand=["death_cart", "copper", "copper", "copper", "copper"])
    t.play("death_cart")  # the only card to trash is itself, but trashing is optional: asked
    t.pick("death_cart")
    assert t.state.coins == 5 and t.trash() == ["death_cart"]


def test_death_cart_trashes_an_action_from_hand_or_nothing() -> None:
    t = Table("death_cart", hand=["death_cart", "necropolis", "copper", "copper", "copper"])
    t.play("death_cart")
    t.pick("necropolis")
    assert t.state.coins == 5 and t.trash() == ["necropolis"] and t.names(0, "in_play") == ["death_cart"]
    t2 = Table("death_cart", hand=["death_cart", "necropolis", "copper", "copper", "copper"])
    t2.play("death_cart")
    t2.pick()
    assert t2.state.coins == 0 and t2.trash() == []


def test_gaining_a_death_cart_gains_two_ruins() -> None:
    t = Table("death_cart", hand=["copper"] * 5)
    ruins = t.pile("ruins")
    t.do("play_treasures")
    t.do("buy", card="death_cart")
    assert t.pile("ruins") == ruins - 2 and len(t.names(0, "discard")) == 3


def test_feodum_counts_silvers_and_gains_3_when_trashed() -> None:
    t = Table("feodum", "altar", hand=["altar", "feodum", "copper", "copper", "copper"])
    t.put(0, "discard", *["silver"] * 6)
    assert next(s for s in score(t.state) if s["seat"] == 0)["total"] == 2  # 6 Silvers: 2 VP; shelters 0
    t.play("altar")
    t.pick("feodum")
    assert t.names(0, "discard").count("silver") == 9


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


def test_marauder_gains_a_spoils_and_gives_each_other_player_a_ruins() -> None:
    t = Table("marauder", players=3, hand=["marauder", "copper", "copper", "copper", "copper"])
    t.play("marauder")
    assert t.names(0, "discard") == ["spoils"] and t.pile("spoils") == 14
    assert len(t.names(1, "discard")) == 1 and len(t.names(2, "discard")) == 1 and t.pile("ruins") == 18


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
