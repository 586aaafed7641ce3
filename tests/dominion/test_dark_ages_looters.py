"""Dark Ages' Looters and Spoils givers (dominion/kingdom/dark_ages_looters.py): Death Cart, Marauder, Cultist, Bandit Camp, Pillage."""

from __future__ import annotations

from .table import Table


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


def test_marauder_gains_a_spoils_and_gives_each_other_player_a_ruins() -> None:
    t = Table("marauder", players=3, hand=["marauder", "copper", "copper", "copper", "copper"])
    t.play("marauder")
    assert t.names(0, "discard") == ["spoils"] and t.pile("spoils") == 14
    assert len(t.names(1, "discard")) == 1 and len(t.names(2, "discard")) == 1 and t.pile("ruins") == 18


def test_bandit_camp() -> None:
    t = Table("bandit_camp", hand=["bandit_camp", "copper", "copper", "copper", "copper"])
    t.play("bandit_camp")
    assert t.state.actions == 2 and len(t.hand()) == 5 and t.names(0, "discard") == ["spoils"]


def test_cultist_gives_ruins_and_plays_another_cultist_without_an_action() -> None:
    t = Table("cultist", players=3, hand=["cultist", "cultist", "copper", "copper", "copper"])
    t.play("cultist")
    t.pick("cultist")
    assert t.state.actions == 0 and len(t.hand()) == 7 and t.pile("ruins") == 16
    assert len(t.names(1, "discard")) == 2 and len(t.names(2, "discard")) == 2


def test_cultist_trashed_draws_three() -> None:
    t = Table("cultist", "altar", hand=["altar", "cultist", "copper", "copper", "copper"])
    t.play("altar")
    t.pick("cultist")
    assert len(t.hand()) == 6


def test_pillage_trashes_itself_gains_two_spoils_and_attacks_hands_of_five() -> None:
    t = Table("pillage", players=3, hand=["pillage", "copper", "copper", "copper", "copper"])
    t.put(1, "hand", "gold")
    t.clear(2, "hand")
    t.put(2, "hand", "gold", "copper")
    t.play("pillage")
    assert t.trash() == ["pillage"] and t.names(0, "discard") == ["spoils", "spoils"]
    decision = t.decision()
    assert decision["seat"] == 0 and {t.state.names[c] for c in decision["cards"]} == {"copper", "gold"}
    t.pick("gold")
    assert t.names(1, "discard") == ["gold"] and t.hand(2) == ["gold", "copper"]  # 2 cards: spared
