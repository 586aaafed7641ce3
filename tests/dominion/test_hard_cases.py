"""The rulebook's worked example and the hard cases of the Dark Ages rules ("NEUE REGELN")."""

from __future__ import annotations

import random

from dominion import RULES
from dominion.cards import KNIGHTS, RUINS_NAMES
from dominion.decide import STEPS
from dominion.play import play_from_supply
from dominion.recorder import Recorder

from .table import Table


def test_the_rulebooks_worked_example_gunther() -> None:
    """Gunther: Hovel, 2 Spoils, Procession, Fortress. By the card text Procession gains an Action card
    costing exactly $5 (the rulebook's Duchy is a known mistake); Marauder gives each other player one
    Ruins (the current text; the German example says two)."""
    t = Table("procession", "fortress", "marauder", "poor_house", "bandit_camp",
              hand=["hovel", "spoils", "spoils", "procession", "fortress"],
              deck=["poor_house", "marauder", "duchy", "copper", "copper"])
    t.play("procession")
    t.pick("fortress")  # played twice: Poor House and Marauder drawn, +4 Actions
    # trashed, the Fortress came back to hand; the one Action costing $5 here is gained by the engine
    assert sorted(t.hand()) == ["fortress", "hovel", "marauder", "poor_house", "spoils", "spoils"]
    assert "fortress" not in t.trash() and not t.state.pending
    assert t.state.actions == 4 and t.names(0, "discard") == ["bandit_camp"]
    t.play("fortress")  # draws the Duchy, +2 Actions
    assert "duchy" in t.hand() and t.state.actions == 5
    t.play("marauder")
    assert t.names(0, "discard") == ["bandit_camp", "spoils"] and len(t.names(1, "discard")) == 1
    t.play("poor_house")
    assert t.state.coins == 2
    t.do("play_treasures")
    assert t.state.coins == 8 and t.pile("spoils") == 15 - 2 - 1 + 2  # the two played Spoils went back
    t.do("buy", card="province")
    t.choose("yes")  # the Hovel reacts to gaining a Victory card
    assert "hovel" in t.trash()
    events = t.do("end_turn")
    cleaned = next(e for e in events if e.type == "cleaned_up")
    assert cleaned.private[0]["names"] == ["duchy"] and len(t.hand()) == 5


def test_procession_on_madman_loses_track() -> None:
    t = Table("procession", "hermit", "poor_house", hand=["procession", "madman", "copper", "copper", "copper"])
    t.play("procession")
    t.pick("madman")
    # first play: +2 Actions, back to its pile, +3 Cards; second: +2 Actions, cannot return, no cards
    assert t.state.actions == 4 and len(t.hand()) == 6 and t.pile("madman") == 10
    assert "madman" not in t.trash()
    assert t.names(0, "discard") == ["poor_house"]  # still gains an Action costing exactly $1


def test_procession_on_procession() -> None:
    t = Table("procession", "beggar", "altar", "poor_house", "squire",
              hand=["procession", "procession", "necropolis", "poor_house", "copper"])
    t.play("procession")
    t.pick("procession")
    t.pick("necropolis")  # the second Procession plays Necropolis twice
    t.choose("beggar")  # gains an Action costing $2
    t.pick("poor_house")  # then Poor House twice
    assert t.trash() == ["necropolis", "poor_house"]
    assert "squire" in t.decision()["options"]
    t.choose("squire")
    # finally the first Procession trashes the second and gains an Action costing $5
    assert t.trash() == ["necropolis", "poor_house", "procession"]
    assert t.names(0, "discard") == ["beggar", "squire", "bandit_camp"]  # the only Action costing $5


def test_counterfeit_on_spoils() -> None:
    t = Table("counterfeit", "bandit_camp", hand=["counterfeit", "spoils", "copper", "copper", "copper"])
    t.play("counterfeit")
    t.pick("spoils")
    assert t.state.coins == 7 and t.trash() == [] and t.pile("spoils") == 15


def test_band_of_misfits_playing_death_cart_from_the_supply() -> None:
    t = Table("band_of_misfits", "death_cart", hand=["band_of_misfits", "necropolis", "copper", "copper", "copper"])
    t.play("band_of_misfits")
    t.choose("death_cart")
    offered = [t.state.names[c] for c in t.decision()["cards"]]
    assert offered == ["necropolis"]  # "this" Death Cart is in the Supply: not offered
    t.pick("necropolis")
    assert t.state.coins == 5 and t.pile("death_cart") == 10 and t.trash() == ["necropolis"]


def test_band_of_misfits_playing_pillage_from_the_supply_loses_track() -> None:
    """Pillage costs $5, so Band of Misfits ($5) cannot choose it; played from the Supply anyway (as the
    issue's hard case asks), "trash this" fails, and so nothing follows: no Spoils, no discards."""
    t = Table("band_of_misfits", "pillage", hand=["band_of_misfits", "copper", "copper", "copper", "copper"])
    t.play("band_of_misfits")
    assert "pillage" not in (t.decision()["options"] if t.state.pending else [])
    fresh = Table("band_of_misfits", "pillage", hand=["copper", "copper", "copper", "copper", "copper"])
    fresh.put(1, "hand", "silver")
    game = Recorder(fresh.state, random.Random(0), STEPS)
    play_from_supply(game, 0, game.s.piles["pillage"][0])
    game.run()
    assert [e.type for e in game.events] == ["played_from_supply"] and not game.pending
    assert len(game.s.piles["pillage"]) == 10 and game.s.trash == [] and game.s.piles["spoils"] == fresh.state.piles["spoils"]
    assert game.s.zones[0]["discard"] == [] and len(game.s.zones[1]["hand"]) == 6
    # the same Pillage played from hand does trash itself and attack: the test above is not empty
    fresh.put(0, "hand", "pillage")
    fresh.play("pillage")
    assert fresh.trash() == ["pillage"] and fresh.decision()["prompt"] == "discard_for"


def test_a_knight_trashing_a_knight_trashes_itself() -> None:
    order = ["dame_sylvia", "dame_molly", *[k for k in KNIGHTS if k not in ("dame_sylvia", "dame_molly")]]
    t = Table("knights", hand=["copper"] * 5, piles={"knights": order})
    t.put(0, "hand", "dame_sylvia")
    t.put(1, "deck", "dame_molly", "copper")
    t.play("dame_sylvia")
    assert t.trash() == ["dame_molly", "dame_sylvia"]


def test_sir_vander_trashed_by_another_players_attack_gains_a_gold() -> None:
    t = Table("knights", "rogue", hand=["rogue", "copper", "copper", "copper", "copper"])
    t.put(1, "deck", "sir_vander", "copper")
    t.play("rogue")
    assert t.trash() == ["sir_vander"] and t.names(1, "discard") == ["copper", "gold"]


def test_urchin_into_mercenary() -> None:
    t = Table("urchin", hand=["urchin", "urchin", "copper", "copper", "copper"])
    t.play("urchin")
    t.play("urchin")
    assert t.decision()["card"] == "urchin" and t.decision()["prompt"] == "trash_for_mercenary"
    t.choose("yes")
    assert t.trash() == ["urchin"] and t.names(0, "discard") == ["mercenary"]


def test_the_same_urchin_played_twice_cannot_become_a_mercenary() -> None:
    t = Table("urchin", "procession", hand=["procession", "urchin", "copper", "copper", "copper"])
    t.play("procession")
    t.pick("urchin")
    assert not any(d.get("prompt") == "trash_for_mercenary" for d in t.state.pending.values())
    assert t.pile("mercenary") == 10


def test_hermit_into_madman_and_the_madman_played() -> None:
    t = Table("hermit", hand=["hermit", "copper", "copper", "copper", "copper"])
    t.play("hermit")
    t.choose("silver")
    t.do("end_turn")
    assert "hermit" in t.trash() and "madman" in t.names(0, "discard")
    t.do("end_turn", by=1)
    t.clear(0, "hand")
    t.put(0, "hand", "copper", "copper")
    madman = [c for c in t.state.zones[0]["discard"] if t.state.names[c] == "madman"]
    t.state.zones[0]["discard"].remove(madman[0])
    t.state.zones[0]["hand"].append(madman[0])
    t.play("madman")
    assert len(t.hand()) == 4 and t.pile("madman") == 10


def test_rats_with_only_rats_in_hand_reveals_the_hand() -> None:
    t = Table("rats", hand=["rats", "rats", "rats", "rats", "rats"], deck=["rats", "copper", "copper", "copper", "copper"])
    events = t.play("rats")
    assert any(e.type == "hand_revealed" for e in events) and t.trash() == [] and not t.state.pending


def test_market_square_on_another_players_turn() -> None:
    t = Table("market_square", "rogue", hand=["rogue", "copper", "copper", "copper", "copper"])
    t.put(1, "hand", "market_square")
    t.put(1, "deck", "silver", "copper")
    t.play("rogue")
    assert t.seat == 1 and t.decision()["reaction"] == "market_square"
    t.choose("yes")
    assert t.trash() == ["silver"] and "gold" in t.names(1, "discard") and t.seat == 0


def test_beggar_is_asked_before_the_mercenary_decides() -> None:
    t = Table("beggar", "urchin", hand=["mercenary", "hovel", "necropolis", "copper", "copper"])
    t.put(1, "hand", "beggar")
    t.play("mercenary")
    assert RULES.awaiting(t.state) == [1] and t.decision()["reaction"] == "beggar"
    t.choose("yes")
    assert t.decision()["seat"] == 0 and t.decision()["card"] == "mercenary"


def test_count_trashing_a_hand_with_cultist_and_catacombs() -> None:
    t = Table("count", "cultist", "catacombs", hand=["count", "cultist", "catacombs", "copper", "copper"],
              deck=["silver", "silver", "silver", "gold", "gold"])
    t.play("count")
    t.choose("copper")
    t.choose("trash_hand")
    assert sorted(t.trash()) == ["catacombs", "copper", "copper", "cultist"]
    decision = t.decision()
    assert decision["prompt"] == "order" and len(decision["options"]) == 2  # the owner orders the two
    t.choose(next(o for o in decision["options"] if t.state.names[int(o[5:])] == "cultist"))
    assert sorted(t.hand()) == ["silver", "silver", "silver"]
    assert t.decision()["card"] == "catacombs"  # then Catacombs gains a cheaper card


def test_pillages_chooser_is_the_attacker() -> None:
    t = Table("pillage", hand=["pillage", "copper", "copper", "copper", "copper"])
    t.put(1, "hand", "silver")
    t.play("pillage")
    assert t.decision()["seat"] == 0 and RULES.awaiting(t.state) == [0]
    t.pick("silver")
    assert t.names(1, "discard") == ["silver"]


def test_two_market_squares_answer_one_trashing_and_the_owner_orders_with_rats() -> None:
    t = Table("market_square", "junk_dealer", "rats",
              hand=["junk_dealer", "rats", "market_square", "market_square", "copper"])
    t.play("junk_dealer")
    t.pick("rats")
    decision = t.decision()
    assert decision["reaction"] == "market_square" and decision["options"][0].startswith("card:")
    t.choose("yes")  # Market Square first, then Rats draws, then the second Market Square
    t.choose("yes")
    assert t.names(0, "discard") == ["market_square", "gold", "market_square", "gold"]
    assert not t.state.pending and len(t.hand()) == 3  # a Copper, Junk Dealer's card, the Rats' card


def test_effects_on_several_players_go_in_turn_order() -> None:
    ruins = ["survivors", "ruined_market", "ruined_village", *[r for r in RUINS_NAMES for _ in range(10)]][:20]
    ruins = ["survivors", "ruined_market"] + sorted(ruins[2:])
    t = Table("marauder", players=3, hand=["marauder", "copper", "copper", "copper", "copper"],
              piles={"ruins": ruins})
    t.state.current = 0
    t.play("marauder")
    assert t.names(1, "discard") == ["survivors"] and t.names(2, "discard") == ["ruined_market"]


def test_standing_answers_spare_the_questions() -> None:
    t = Table("beggar", "urchin", hand=["urchin", "urchin", "copper", "copper", "copper"])
    t.put(1, "hand", "beggar", "beggar")
    t.play("urchin")
    t.choose("always", by=1)  # both Beggars go, without another question
    assert t.names(1, "discard")[:4] == ["beggar", "silver", "beggar", "silver"]
    t2 = Table("beggar", "urchin", hand=["urchin", "copper", "copper", "copper", "copper"])
    t2.put(1, "hand", "beggar")
    t2.do("set_reaction", by=1, card="beggar", answer="never")
    t2.play("urchin")
    assert "reaction" not in t2.decision() and "beggar" in t2.hand(1)  # only the Urchin's discard asked
