"""The base game's cards with Dark Ages (../shared/reference/dominion-base-game.md, "With Dark Ages")."""

from __future__ import annotations

from dominion.cards import KNIGHTS
from dominion.scoring import score

from .table import Table
from .test_basegame_simple import DECK, empty

COPPERS = ["copper"] * 3


def test_procession_on_throne_room() -> None:
    """Throne Room played twice (two Actions, each twice), trashed, then an Action costing exactly $5."""
    t = Table("procession", "throne_room", "village", "woodcutter", "laboratory",
              hand=["procession", "throne_room", "village", "woodcutter", "copper"])
    t.play("procession")
    t.pick("throne_room")
    t.pick("village")
    t.pick("woodcutter")
    assert t.state.buys == 3 and t.state.coins == 4 and t.state.actions == 4
    assert t.trash() == ["throne_room"]
    assert "laboratory" in t.names(0, "discard")  # the one Action costing $5 here


def test_throne_room_on_procession() -> None:
    t = Table("procession", "throne_room", "village", "poor_house", "squire",
              hand=["throne_room", "procession", "village", "village", "copper"])
    t.play("throne_room")
    t.pick("procession")
    t.pick("village")  # first Procession play: Village twice, trashed, a $4 Action gained
    t.choose("procession") if t.state.pending and t.decision().get("kind") == "choice" else None
    t.pick("village")
    assert t.trash() == ["village", "village"]


def test_procession_on_feast_trashes_once_gains_twice_then_a_5() -> None:
    t = Table("procession", "feast", "laboratory", hand=["procession", "feast", *COPPERS])
    t.play("procession")
    t.pick("feast")
    t.choose("duchy")
    t.choose("duchy")
    t.choose("laboratory")
    assert t.trash() == ["feast"]
    assert sorted(t.names(0, "discard")) == ["duchy", "duchy", "laboratory"]


def test_band_of_misfits_as_throne_room_feast_and_moat() -> None:
    t = Table("band_of_misfits", "throne_room", "feast", "moat", "village",
              hand=["band_of_misfits", "village", *COPPERS])
    t.play("band_of_misfits")
    assert {"throne_room", "feast", "moat"} <= set(t.decision()["options"])
    t.choose("throne_room")
    t.pick("village")
    assert t.state.actions == 4 and len(t.hand()) == 3 + 2
    t2 = Table("band_of_misfits", "feast", "laboratory", hand=["band_of_misfits", "copper", *COPPERS])
    t2.play("band_of_misfits")
    t2.choose("feast")
    t2.choose("laboratory")
    assert t2.trash() == [] and t2.pile("feast") == 10 and t2.names(0, "in_play") == ["band_of_misfits"]
    t3 = Table("band_of_misfits", "moat", hand=["band_of_misfits", "copper", *COPPERS])
    t3.play("band_of_misfits")
    t3.choose("moat")
    assert len(t3.hand()) == 6


def test_band_of_misfits_in_hand_is_no_moat() -> None:
    t = Table("militia", "band_of_misfits", "moat", hand=["militia", "copper", *COPPERS])
    t.put(1, "hand", "band_of_misfits", "estate")
    t.play("militia")
    assert t.decision(1)["prompt"] == "discard_down"


def test_madman_under_throne_room_draws_only_the_first_time() -> None:
    t = Table("throne_room", "hermit", hand=["throne_room", "madman", *COPPERS])
    t.play("throne_room")
    t.pick("madman")
    assert t.state.actions == 4 and len(t.hand()) == 3 + 3 and t.pile("madman") == 10


def test_mercenary_under_throne_room_attacks_twice_and_moat_and_beggar_answer_each_play() -> None:
    t = Table("throne_room", "urchin", "moat", "beggar",
              hand=["throne_room", "mercenary", "estate", "estate", "copper"], shelters=False)
    t.put(0, "hand", "estate", "estate")
    t.put(1, "hand", "moat", "beggar", "estate")
    t.play("throne_room")
    t.pick("mercenary")
    t.choose("yes", by=1)  # Beggar, first play
    t.choose("no", by=1)  # Moat, first play
    t.choose("yes")
    t.pick("estate", "estate")
    assert t.decision(1)["prompt"] == "discard_down"
    t.pick("copper", "copper", "copper", "copper", by=1)
    assert t.decision(1)["reaction"] == "moat"  # second play: the Beggar is gone, the Moat is asked again
    t.choose("yes", by=1)
    t.choose("yes")
    t.pick("estate", "estate")
    assert t.state.coins == 4 and len(t.hand(1)) == 3 and not t.state.pending


def test_beggar_and_moat_both_react_to_one_bandit() -> None:
    t = Table("bandit", "moat", "beggar", hand=["bandit", "copper", *COPPERS])
    t.put(1, "hand", "moat", "beggar")
    t.play("bandit")
    t.choose("yes", by=1)  # Beggar: 2 Silvers, one onto the deck
    t.choose("yes", by=1)  # Moat
    assert t.names(1, "deck")[0] == "silver" and t.trash() == [] and "moat" in t.hand(1)


def test_beggar_without_moat_against_bandit_the_new_silver_is_revealed() -> None:
    t = Table("bandit", "beggar", hand=["bandit", "copper", *COPPERS])
    t.put(1, "hand", "beggar")
    t.play("bandit")
    t.choose("yes", by=1)
    assert t.trash() == ["silver"]


def test_moat_against_every_dark_ages_attack() -> None:
    order = ["sir_michael", *[k for k in KNIGHTS if k != "sir_michael"]]
    for attack, extra in [("marauder", ()), ("cultist", ()), ("pillage", ()), ("rogue", ()),
                          ("knights", ()), ("urchin", ()), ("urchin", ("mercenary",))]:
        card = "sir_michael" if attack == "knights" else extra[0] if extra else attack
        t = Table(attack, "moat", hand=[card, "copper", *COPPERS], piles={"knights": order},
                  shelters=False)
        t.put(1, "hand", "moat", "estate", "estate")
        t.put(1, "deck", "silver", "gold")
        deck = list(t.state.zones[1]["deck"])
        t.play(card)
        t.choose("yes", by=1)
        if card == "mercenary":
            t.choose("yes")  # the 2 Coppers to trash are the only choice
        assert not any(s == 1 for s in t.state.pending), attack
        assert t.names(1, "discard") == [] and list(t.state.zones[1]["deck"]) == deck, attack
        assert len(t.hand(1)) == 8 and "silver" not in t.trash(), attack


def test_a_knight_trashes_itself_only_for_a_knight_of_an_unshielded_player() -> None:
    order = ["dame_sylvia", "dame_molly", *[k for k in KNIGHTS if k not in ("dame_sylvia", "dame_molly")]]
    t = Table("knights", "moat", players=3, hand=["copper"] * 5, piles={"knights": order})
    t.put(0, "hand", "dame_sylvia")
    t.put(1, "hand", "moat")
    t.put(1, "deck", "dame_molly", "copper")
    t.put(2, "deck", "silver", "copper")
    t.play("dame_sylvia")
    t.choose("yes", by=1)
    assert t.trash() == ["silver"] and "dame_sylvia" in t.names(0, "in_play")


def test_throne_room_on_a_knight_attacks_twice_and_trashes_it_once() -> None:
    order = ["dame_sylvia", "dame_molly", "sir_bailey", *[k for k in KNIGHTS if k not in
                                                          ("dame_sylvia", "dame_molly", "sir_bailey")]]
    t = Table("knights", "throne_room", hand=["throne_room", "copper", *COPPERS], piles={"knights": order})
    t.put(0, "hand", "dame_sylvia")
    t.put(1, "deck", "dame_molly", "copper", "sir_bailey", "copper")
    t.play("throne_room")
    t.pick("dame_sylvia")
    assert t.trash().count("dame_sylvia") == 1 and {"dame_molly", "sir_bailey"} <= set(t.trash())
    assert t.state.coins == 4


def test_fortress_remodelled_returns_to_hand_and_gains_up_to_6() -> None:
    t = Table("fortress", "remodel", hand=["remodel", "fortress", *COPPERS])
    t.play("remodel")
    t.pick("fortress")
    assert "fortress" in t.hand() and "gold" in t.decision()["options"]
    t.choose("gold")
    assert t.trash() == []


def test_chapel_trashing_fortress_and_others_fortress_comes_back_once() -> None:
    t = Table("fortress", "chapel", hand=["chapel", "fortress", "estate", "copper", "copper"], shelters=False)
    t.play("chapel")
    t.pick("fortress", "estate", "copper")
    assert sorted(t.trash()) == ["copper", "estate"] and "fortress" in t.hand() and not t.state.pending


def test_market_square_reacts_to_chapels_trashing_but_not_one_trashed_by_it() -> None:
    t = Table("market_square", "chapel", hand=["chapel", "market_square", "market_square", "copper", "copper"])
    t.play("chapel")
    t.pick("market_square", "copper")
    assert t.decision()["reaction"] == "market_square"
    t.choose("yes")
    assert t.names(0, "discard") == ["market_square", "gold"] and t.hand() == ["copper"]


def test_hovel_reacts_to_gaining_gardens_and_gardens_counts_one_card_fewer() -> None:
    t = Table("gardens", "workshop", hand=["workshop", "hovel", *COPPERS])
    t.play("workshop")
    t.choose("gardens")
    assert t.decision()["reaction"] == "hovel"
    t.choose("yes")
    assert t.trash() == ["hovel"]
    mine = next(s for s in score(t.state) if s["seat"] == 0)
    assert mine["cards"] == 10 and mine["total"] == 1 + 0  # Gardens: 10 cards; Overgrown Estate 0


def test_sentry_trashing_a_cultist_draws_the_other_looked_at_card() -> None:
    t = Table("sentry", "cultist", hand=["sentry", "copper", *COPPERS], deck=DECK)
    t.clear(0, "deck")
    t.put(0, "deck", "copper", "cultist", "gold", "silver", "estate")
    t.play("sentry")
    t.pick("cultist")
    assert sorted(t.hand()) == ["copper"] * 5 + ["estate", "gold", "silver"] and not t.state.pending


def test_sentry_trashing_a_fortress_from_the_deck_puts_it_into_the_hand() -> None:
    t = Table("sentry", "fortress", hand=["sentry", "copper", *COPPERS])
    t.put(0, "deck", "copper", "fortress", "silver")
    t.play("sentry")
    t.pick("fortress")
    assert "fortress" in t.hand() and t.trash() == []


def test_poacher_counts_the_ruins_and_knights_piles_not_spoils() -> None:
    t = Table("poacher", "knights", "marauder", hand=["poacher", "estate", "silver", "copper", "copper"])
    empty(t, "knights", "ruins", "spoils")
    t.play("poacher")
    assert t.decision()["min"] == 2


def test_merchant_with_counterfeit_on_a_silver() -> None:
    t = Table("merchant", "counterfeit", hand=["merchant", "counterfeit", "silver", "copper", "copper"])
    t.play("merchant")
    t.play("counterfeit")
    t.pick("silver")
    assert t.state.coins == 1 + 2 + 1 + 2 and t.trash() == ["silver"]


def test_bandit_trashes_spoils_to_the_trash_and_thief_can_take_it() -> None:
    t = Table("bandit", "marauder", hand=["bandit", "copper", *COPPERS])
    t.put(1, "deck", "spoils", "copper")
    t.play("bandit")
    assert t.trash() == ["spoils"] and t.pile("spoils") == 14
    t2 = Table("thief", "marauder", hand=["thief", "copper", *COPPERS])
    t2.put(1, "deck", "spoils", "estate")
    t2.play("thief")
    t2.pick("spoils")
    assert t2.names(0, "discard") == ["spoils"]


def test_bureaucrat_on_dame_josephine_and_library_vassal_on_ruins() -> None:
    t = Table("bureaucrat", "knights", hand=["bureaucrat", "copper", *COPPERS])
    t.clear(1, "hand")
    t.put(1, "hand", "dame_josephine", "copper")
    t.play("bureaucrat")
    assert t.names(1, "deck")[0] == "dame_josephine"
    t2 = Table("vassal", "cultist", hand=["vassal", "copper", *COPPERS])
    t2.put(0, "deck", "necropolis")
    t2.play("vassal")
    t2.choose("yes")
    assert t2.state.actions == 2


def test_hermit_discarded_by_vassal_does_not_trigger_but_played_by_vassal_does() -> None:
    t = Table("vassal", "hermit", hand=["vassal", "copper", *COPPERS])
    t.put(0, "deck", "hermit")
    t.play("vassal")
    t.choose("no")
    t.do("end_turn")
    assert "hermit" not in t.trash()
    t2 = Table("vassal", "hermit", hand=["vassal", "copper", *COPPERS])
    t2.put(0, "deck", "hermit")
    t2.play("vassal")
    t2.choose("yes")
    t2.choose("silver")
    t2.do("end_turn")
    assert "hermit" in t2.trash() and "madman" in t2.names(0, "discard")


def test_mine_on_spoils_and_remodel_on_catacombs() -> None:
    t = Table("mine", "marauder", hand=["mine", "spoils", *COPPERS])
    t.play("mine")
    t.pick("spoils")
    assert "silver" in t.decision()["options"] and "gold" not in t.decision()["options"]
    t2 = Table("remodel", "catacombs", hand=["remodel", "catacombs", *COPPERS])
    t2.play("remodel")
    t2.pick("catacombs")
    assert t2.decision()["card"] == "catacombs"  # the cheaper card first
    t2.choose("silver")
    assert t2.decision()["card"] == "remodel" and "gold" in t2.decision()["options"]


def test_throne_room_on_library_draws_again_only_what_the_hand_lacks() -> None:
    t = Table("throne_room", "library", hand=["throne_room", "library", *COPPERS])
    t.put(0, "deck", *["copper"] * 6)
    t.play("throne_room")
    t.pick("library")
    assert len(t.hand()) == 7 and len(t.names(0, "deck")) == 5 + 6 - 4


def test_vassal_playing_militia_is_a_real_attack_play_that_moat_answers() -> None:
    t = Table("vassal", "militia", "moat", hand=["vassal", "copper", *COPPERS])
    t.put(0, "deck", "militia")
    t.put(1, "hand", "moat")
    t.play("vassal")
    t.choose("yes")
    assert t.decision(1)["reaction"] == "moat"
    t.choose("yes", by=1)
    assert t.state.coins == 4 and len(t.hand(1)) == 6


def test_market_square_reacts_to_feast_trashing_itself() -> None:
    t = Table("feast", "market_square", hand=["feast", "market_square", *COPPERS])
    t.play("feast")
    assert t.decision()["reaction"] == "market_square"
    t.choose("yes")
    t.choose("duchy")
    assert sorted(t.names(0, "discard")) == ["duchy", "gold", "market_square"] and t.trash() == ["feast"]
