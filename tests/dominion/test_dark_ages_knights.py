"""The Knights and Rogue (dominion/kingdom/dark_ages_knights.py): each Knight's own ability, then the attack they share."""

from __future__ import annotations

from dominion.cards import KNIGHTS
from dominion.scoring import score

from .table import Table


def test_rogue_gains_from_the_trash() -> None:
    t = Table("rogue", hand=["rogue", "copper", "copper", "copper", "copper"])
    t.put(0, "discard", "silver")
    t.state.trash.extend(t.state.zones[0]["discard"][:])
    t.state.zones[0]["discard"].clear()
    t.play("rogue")
    assert t.state.coins == 2 and t.names(0, "discard") == ["silver"] and t.trash() == []


def test_rogue_attacks_when_the_trash_has_nothing() -> None:
    t = Table("rogue", hand=["rogue", "copper", "copper", "copper", "copper"])
    t.put(1, "deck", "silver", "gold")
    t.play("rogue")
    t.pick("gold", by=1)
    assert t.trash() == ["gold"] and t.names(1, "discard") == ["silver"]


def knight_table(knight: str, victim_deck: list[str]) -> Table:
    order = [knight] + [k for k in KNIGHTS if k != knight]
    t = Table("knights", "altar", hand=["altar", "copper", "copper", "copper", "copper"],
              piles={"knights": order})
    t.clear(0, "hand")
    t.put(0, "hand", knight, "hovel", "necropolis", "copper", "copper")
    t.put(1, "deck", *victim_deck)
    return t


def test_every_knight_attacks_after_its_own_ability() -> None:
    expected = {
        "dame_molly": lambda s: s.actions == 2, "dame_sylvia": lambda s: s.coins == 2,
        "sir_martin": lambda s: s.buys == 3, "sir_bailey": lambda s: s.actions == 1,
        "sir_destry": lambda s: len(s.zones[0]["hand"]) == 6, "dame_josephine": lambda s: True,
        "sir_vander": lambda s: True,
    }
    for knight, check in expected.items():
        t = knight_table(knight, ["silver", "copper"])
        t.play(knight)
        assert check(t.state), knight
        assert "silver" in t.trash() and t.names(1, "discard")[-1] == "copper", knight


def test_dame_anna_trashes_up_to_two_and_dame_natalie_may_gain() -> None:
    t = knight_table("dame_anna", ["silver", "copper"])
    t.play("dame_anna")
    t.pick("hovel", "necropolis")
    assert t.trash()[:2] == ["hovel", "necropolis"] and "silver" in t.trash()
    t2 = knight_table("dame_natalie", ["copper", "copper"])
    t2.play("dame_natalie")
    t2.choose("silver")
    assert t2.names(0, "discard") == ["silver"]


def test_sir_michael_makes_others_discard_down_to_3_first() -> None:
    t = knight_table("sir_michael", ["silver", "copper"])
    t.put(1, "hand", "gold")
    t.play("sir_michael")
    t.pick("copper", "copper", "copper", by=1)
    assert len(t.hand(1)) == 3 and "silver" in t.trash()


def test_a_victim_chooses_which_of_two_to_trash() -> None:
    t = knight_table("dame_sylvia", ["silver", "gold"])
    t.play("dame_sylvia")
    assert t.seat == 1
    t.pick("silver", by=1)
    assert t.trash() == ["silver"] and t.names(1, "discard") == ["gold"]


def test_dame_josephine_is_worth_2_vp() -> None:
    t = knight_table("dame_josephine", [])
    assert score(t.state)[0]["total"] == 2
