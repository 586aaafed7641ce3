"""Kingdom cards costing $5 and $6, the Knights included."""

from __future__ import annotations

from dominion.cards import KNIGHTS

from .table import Table


def test_band_of_misfits_plays_a_cheaper_supply_card_leaving_it_there() -> None:
    t = Table("band_of_misfits", "fortress", hand=["band_of_misfits", "copper", "copper", "copper", "copper"])
    t.play("band_of_misfits")
    options = t.decision()["options"]
    assert "fortress" in options and "band_of_misfits" not in options and "altar" not in options
    t.choose("fortress")
    assert t.state.actions == 2 and len(t.hand()) == 5 and t.pile("fortress") == 10


def test_bandit_camp() -> None:
    t = Table("bandit_camp", hand=["bandit_camp", "copper", "copper", "copper", "copper"])
    t.play("bandit_camp")
    assert t.state.actions == 2 and len(t.hand()) == 5 and t.names(0, "discard") == ["spoils"]


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


def test_counterfeit_plays_a_treasure_twice_and_trashes_it() -> None:
    t = Table("counterfeit", hand=["counterfeit", "silver", "copper", "copper", "copper"])
    t.play("counterfeit")
    t.pick("silver")
    assert t.state.coins == 5 and t.state.buys == 2 and t.trash() == ["silver"]


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


def test_rebuild_trashes_an_unnamed_victory_card_for_a_better_one() -> None:
    t = Table("rebuild", hand=["rebuild", "copper", "copper", "copper", "copper"],
              deck=["copper", "estate", "duchy", "copper", "copper"])
    t.play("rebuild")
    t.do("decide", name="estate")
    assert t.trash() == ["duchy"] and t.names(0, "discard") == ["copper", "estate"]
    t.choose("province")
    assert t.names(0, "discard")[-1] == "province"


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


def test_altar_trashes_and_gains_up_to_5() -> None:
    t = Table("altar", hand=["altar", "hovel", "copper", "copper", "copper"])
    t.play("altar")
    t.pick("hovel")
    assert "gold" not in t.decision()["options"]
    t.choose("duchy")
    assert t.trash() == ["hovel"] and t.names(0, "discard") == ["duchy"]


def test_hunting_grounds_draws_four_and_gains_when_trashed() -> None:
    t = Table("hunting_grounds", "altar", hand=["hunting_grounds", "altar", "copper", "copper", "copper"])
    t.play("hunting_grounds")
    assert len(t.hand()) == 8
    t2 = Table("hunting_grounds", "altar", hand=["altar", "hunting_grounds", "copper", "copper", "copper"])
    t2.play("altar")
    t2.pick("hunting_grounds")
    t2.choose("estates")
    assert t2.names(0, "discard") == ["estate"] * 3


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
    from dominion.scoring import score
    t = knight_table("dame_josephine", [])
    assert score(t.state)[0]["total"] == 2
