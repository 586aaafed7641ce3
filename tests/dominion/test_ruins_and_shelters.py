"""The Ruins and the Shelters (dominion/kingdom/ruins_and_shelters.py, triggers.py for Hovel and Overgrown Estate)."""

from __future__ import annotations

from .table import Table


def test_ruins_each_do_their_one_thing() -> None:
    t = Table("cultist", hand=["abandoned_mine", "ruined_library", "ruined_market", "ruined_village", "necropolis"])
    t.play("necropolis")
    assert t.state.actions == 2
    t.play("ruined_village")
    t.play("abandoned_mine")
    t.play("ruined_library")
    assert t.state.coins == 1 and t.state.actions == 0 and len(t.hand()) == 2  # Ruined Market and a draw
    t2 = Table("cultist", hand=["ruined_market", "copper", "copper", "copper", "copper"])
    t2.play("ruined_market")
    assert t2.state.buys == 2


def test_survivors_discard_both_or_put_back_in_order() -> None:
    t = Table("cultist", hand=["survivors", "copper", "copper", "copper", "copper"],
              deck=["silver", "gold", "copper", "copper", "copper"])
    t.play("survivors")
    t.choose("back")
    gold, silver = t.id("gold", zone="deck"), t.id("silver", zone="deck")
    t.do("decide", order=[gold, silver])
    assert t.names(0, "deck")[:2] == ["gold", "silver"]
    t2 = Table("cultist", hand=["survivors", "copper", "copper", "copper", "copper"],
               deck=["silver", "gold", "copper", "copper", "copper"])
    t2.play("survivors")
    t2.choose("discard")
    assert t2.names(0, "discard") == ["silver", "gold"]


def test_hovel_is_trashed_on_gaining_a_victory_card() -> None:
    t = Table("poor_house", hand=["hovel", "copper", "copper", "copper", "copper"])
    t.do("play_treasures")
    t.do("buy", card="estate")
    assert t.decision()["reaction"] == "hovel"
    t.choose("yes")
    assert t.trash() == ["hovel"]


def test_overgrown_estate_draws_when_trashed() -> None:
    t = Table("altar", hand=["altar", "overgrown_estate", "copper", "copper", "copper"])
    t.play("altar")
    t.pick("overgrown_estate")
    assert len(t.hand()) == 4  # drawn before the Altar's gain
    assert t.decision()["card"] == "altar"
