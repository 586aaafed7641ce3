"""The base game's non-Attack kingdom cards, each effect and choice, short decks and empty piles
(../shared/reference/dominion-base-game.md)."""

from __future__ import annotations

import random

from dominion import RULES
from dominion.cards import BASE_PILES
from dominion.scoring import score

from .table import Table

COPPERS = ["copper"] * 4
DECK = ["copper"] * 5  # a deck without Shelters, which `Table.clear` would move to the discard pile


def empty(t: Table, *piles: str) -> None:
    """Empty Supply piles (their cards to the trash, where no effect sees them here)."""
    state = RULES.load_state(RULES.dump_state(t.state))
    for pile in piles:
        state.trash += state.piles[pile]
        state.piles[pile].clear()
    t.state = state


def test_every_base_card_sets_up_in_a_kingdom() -> None:
    for start in range(0, 32, 8):
        ids = list(BASE_PILES[start:start + 8]) + ["rats", "altar"]
        state = RULES.fold(RULES.setup({"kingdom": ids}, 2, random.Random(1)))
        assert set(ids) <= set(state.supply)
        assert all(len(state.piles[p]) == (8 if p == "gardens" else 10) for p in ids if p != "rats")
    three = RULES.fold(RULES.setup({"kingdom": ["gardens", *BASE_PILES[:9]]}, 3, random.Random(1)))
    assert len(three.piles["gardens"]) == 12


def test_plain_cards_draw_and_give() -> None:
    for card, cards, actions, buys, coins in [
        ("village", 1, 2, 1, 0), ("smithy", 3, 0, 1, 0), ("festival", 0, 2, 2, 2), ("laboratory", 2, 1, 1, 0),
        ("market", 1, 1, 2, 1), ("woodcutter", 0, 0, 2, 2), ("moat", 2, 0, 1, 0),
    ]:
        t = Table(card, hand=[card, *COPPERS])
        t.play(card)
        assert (len(t.hand()), t.state.actions, t.state.buys, t.state.coins) == (4 + cards, actions, buys, coins), card


def test_smithy_with_too_few_cards_draws_what_there_is() -> None:
    t = Table("smithy", hand=["smithy", *COPPERS], deck=DECK)
    t.clear(0, "deck")
    t.put(0, "discard", "estate")
    t.play("smithy")
    assert sorted(t.hand()) == ["copper"] * 4 + ["estate"]


def test_council_room_makes_each_other_player_draw_one() -> None:
    t = Table("council_room", "moat", players=3, hand=["council_room", *COPPERS])
    t.play("council_room")
    assert len(t.hand()) == 8 and t.state.buys == 2
    assert len(t.hand(1)) == 6 and len(t.hand(2)) == 6 and not t.state.pending  # no Attack: no Moat asked


def test_cellar_discards_any_then_draws_as_many_and_only_the_count_is_public() -> None:
    t = Table("cellar", hand=["cellar", "estate", "estate", "copper", "copper"],
              deck=["silver", "gold", "copper", "copper", "copper"])
    t.put(0, "deck", "silver", "gold")
    t.play("cellar")
    events = t.pick("estate", "estate")
    assert sorted(t.hand()) == ["copper", "copper", "gold", "silver"] and t.state.actions == 1
    discarded = next(e for e in events if e.type == "discarded")
    assert RULES.redact(discarded, 1)["count"] == 2 and "names" not in RULES.redact(discarded, 1)
    t2 = Table("cellar", hand=["cellar", *COPPERS])
    t2.play("cellar")
    t2.pick()
    assert len(t2.hand()) == 4


def test_cellar_shuffle_includes_the_discarded_cards() -> None:
    t = Table("cellar", hand=["cellar", "estate", "estate", "copper", "copper"], deck=DECK)
    t.clear(0, "deck")
    t.play("cellar")
    t.pick("estate", "estate")
    assert sorted(t.hand()) == ["copper", "copper", "estate", "estate"]


def test_chapel_trashes_up_to_four_at_once() -> None:
    t = Table("chapel", hand=["chapel", *COPPERS])
    t.put(0, "hand", "estate")
    t.play("chapel")
    assert t.decision()["max"] == 4 and t.decision()["min"] == 0
    t.pick("copper", "copper", "copper", "estate")
    assert sorted(t.trash()) == ["copper"] * 3 + ["estate"] and t.hand() == ["copper"]


def test_workshop_gains_up_to_4_and_not_from_an_empty_pile() -> None:
    t = Table("workshop", "smithy", hand=["workshop", *COPPERS])
    empty(t, "smithy")
    t.play("workshop")
    options = t.decision()["options"]
    assert "silver" in options and "curse" in options and "smithy" not in options and "duchy" not in options
    t.choose("silver")
    assert t.names(0, "discard") == ["silver"]


def test_remodel_trashes_then_gains_up_to_2_more() -> None:
    t = Table("remodel", hand=["remodel", "silver", "copper", "copper", "copper"])
    t.play("remodel")
    t.pick("silver")
    assert "duchy" in t.decision()["options"] and "gold" not in t.decision()["options"]
    t.choose("duchy")
    assert t.trash() == ["silver"] and t.names(0, "discard") == ["duchy"]


def test_remodel_with_an_empty_hand_does_nothing() -> None:
    t = Table("remodel", "village", hand=["remodel", "village", "copper", "copper", "copper"])
    t.play("village")
    t.clear(0, "hand")
    t.put(0, "hand", "remodel")
    t.play("remodel")
    assert not t.state.pending and t.trash() == []


def test_mine_gains_a_treasure_into_the_hand_and_is_optional() -> None:
    t = Table("mine", hand=["mine", *COPPERS])
    t.play("mine")
    t.pick("copper")
    assert t.decision()["options"] == ["copper", "silver"]
    t.choose("silver")
    assert sorted(t.hand()) == ["copper"] * 3 + ["silver"] and t.trash() == ["copper"]
    t2 = Table("mine", hand=["mine", *COPPERS])
    t2.play("mine")
    t2.pick()
    assert t2.trash() == [] and len(t2.hand()) == 4


def test_moneylender_trashes_a_copper_for_3_or_not() -> None:
    t = Table("moneylender", hand=["moneylender", *COPPERS])
    t.play("moneylender")
    t.pick("copper")
    assert t.state.coins == 3 and t.trash() == ["copper"]
    t2 = Table("moneylender", hand=["moneylender", *COPPERS])
    t2.play("moneylender")
    t2.pick()
    assert t2.state.coins == 0
    t3 = Table("moneylender", hand=["moneylender", "estate", "estate", "silver", "silver"])
    t3.play("moneylender")
    assert not t3.state.pending and t3.state.coins == 0


def test_feast_trashes_itself_and_gains_up_to_5() -> None:
    t = Table("feast", "laboratory", hand=["feast", *COPPERS])
    t.play("feast")
    assert "laboratory" in t.decision()["options"] and "gold" not in t.decision()["options"]
    t.choose("laboratory")
    assert t.trash() == ["feast"] and t.names(0, "discard") == ["laboratory"]


def test_gardens_is_worth_1_per_full_10_cards_owned() -> None:
    t = Table("gardens", hand=COPPERS + ["estate"], deck=["estate", "estate", *["copper"] * 3])
    t.put(0, "discard", "gardens", *["copper"] * 28)  # 10 + 29 = 39 cards
    mine = next(s for s in score(t.state) if s["seat"] == 0)
    assert mine["total"] == 3 + 3 and mine["cards"] == 39
    t.put(0, "discard", "curse")  # 40 cards: 4 VP, the Curse -1
    assert next(s for s in score(t.state) if s["seat"] == 0)["total"] == 3 + 4 - 1


def test_chancellor_may_put_the_deck_into_the_discard_pile_unseen() -> None:
    t = Table("chancellor", hand=["chancellor", *COPPERS])
    t.play("chancellor")
    events = t.choose("yes")
    assert t.state.coins == 2 and len(t.names(0, "discard")) == 5 and t.names(0, "deck") == []
    moved = next(e for e in events if e.type == "discarded")
    assert "names" not in RULES.redact(moved, 0) and "names" not in RULES.redact(moved, 1)
    t2 = Table("chancellor", hand=["chancellor", *COPPERS])
    t2.play("chancellor")
    t2.choose("no")
    assert len(t2.names(0, "deck")) == 5


def test_artisan_gains_to_hand_and_puts_a_card_onto_the_deck() -> None:
    t = Table("artisan", "laboratory", hand=["artisan", *COPPERS])
    t.play("artisan")
    assert "laboratory" in t.decision()["options"] and "gold" not in t.decision()["options"]
    t.choose("laboratory")
    assert "laboratory" in t.hand()
    t.pick("laboratory")
    assert t.names(0, "deck")[0] == "laboratory" and "laboratory" not in t.hand()


def test_merchant_gives_1_on_the_first_silver_only() -> None:
    t = Table("merchant", hand=["merchant", "silver", "silver", "copper", "copper"])
    t.play("merchant")
    t.play("silver")
    assert t.state.coins == 3
    t.play("silver")
    assert t.state.coins == 5


def test_merchant_with_play_treasures_and_two_merchants() -> None:
    t = Table("merchant", "festival", hand=["merchant", "festival", "merchant", "silver", "silver"])
    t.put(0, "deck", "copper", "copper")
    t.play("festival")
    t.play("merchant")
    t.play("merchant")
    t.do("play_treasures")
    assert t.state.coins == 2 + (2 + 2 + 1 + 1) + 2  # Festival, two Silvers and two Coppers, two Merchants


def test_merchant_played_by_vassal_counts_and_each_merchant_adds_1() -> None:
    t = Table("merchant", "vassal", hand=["merchant", "silver", "silver", "copper", "copper"])
    t.play("merchant")
    t.play("silver")
    assert t.state.coins == 3
    t.do("end_turn")
    t.do("end_turn")
    t.clear(0, "hand")
    t.put(0, "hand", "silver", "vassal", "silver")
    t.put(0, "deck", "merchant")
    t.play("vassal")  # discards the Merchant and plays it (a real play)
    t.choose("yes")
    t.play("silver")
    assert t.state.coins == 2 + 2 + 1
    t2 = Table("merchant", "village", hand=["village", "merchant", "silver", "silver", "copper"])
    t2.clear(0, "deck")
    t2.put(0, "deck", "merchant")
    t2.play("village")
    t2.play("merchant")
    t2.play("merchant")
    t2.play("silver")
    assert t2.state.coins == 2 + 2  # two Merchants before the first Silver
    t2.play("silver")
    assert t2.state.coins == 6 and t2.state.turn_plays == {"merchant": 2, "silver": 2}


def test_poacher_discards_one_card_per_empty_supply_pile() -> None:
    t = Table("poacher", "smithy", hand=["poacher", *COPPERS])
    t.play("poacher")
    assert not t.state.pending and t.state.coins == 1 and len(t.hand()) == 5
    t2 = Table("poacher", "smithy", hand=["poacher", "estate", "silver", "copper", "copper"])
    empty(t2, "smithy", "curse")
    t2.play("poacher")
    assert t2.decision()["min"] == 2 and t2.decision()["max"] == 2
    t2.pick("estate", "copper")
    assert len(t2.hand()) == 3 and t2.state.coins == 1


def test_poacher_with_fewer_cards_than_empty_piles_discards_the_whole_hand() -> None:
    t = Table("poacher", "smithy", "village", "chapel", hand=["poacher", "copper", "copper", "copper", "copper"],
              deck=DECK)
    t.clear(0, "hand")
    t.put(0, "hand", "poacher")
    t.clear(0, "deck")
    empty(t, "smithy", "village", "chapel")
    t.put(0, "deck", "copper")
    t.play("poacher")
    assert t.hand() == [] and t.names(0, "discard")[-1] == "copper"


def test_harbinger_puts_a_card_from_the_discard_pile_onto_the_deck_seen_by_its_owner_only() -> None:
    t = Table("harbinger", hand=["harbinger", *COPPERS])
    t.put(0, "discard", "gold", "estate")
    t.play("harbinger")
    events = t.pick("gold")
    assert t.names(0, "deck")[0] == "gold" and t.names(0, "discard") == ["estate"]
    moved = next(e for e in events if e.type == "put_on_deck")
    assert RULES.redact(moved, 0)["names"] == ["gold"] and "names" not in RULES.redact(moved, 1)
    t2 = Table("harbinger", hand=["harbinger", *COPPERS])
    t2.play("harbinger")  # an empty discard pile: nothing asked
    assert not t2.state.pending and t2.state.actions == 1


def test_vassal_discards_the_top_card_and_may_play_an_action() -> None:
    t = Table("vassal", "smithy", hand=["vassal", *COPPERS])
    t.put(0, "deck", "smithy")
    t.play("vassal")
    t.choose("yes")
    assert t.state.coins == 2 and len(t.hand()) == 7 and t.names(0, "in_play") == ["vassal", "smithy"]
    assert t.state.actions == 0
    t2 = Table("vassal", "smithy", hand=["vassal", *COPPERS])
    t2.put(0, "deck", "smithy")
    t2.play("vassal")
    t2.choose("no")
    assert t2.names(0, "discard") == ["smithy"]
    t3 = Table("vassal", hand=["vassal", *COPPERS])
    t3.play("vassal")  # a Copper: discarded, nothing asked
    assert not t3.state.pending and t3.names(0, "discard") == ["copper"]
    t4 = Table("vassal", hand=["vassal", *COPPERS], deck=DECK)
    t4.clear(0, "deck")
    t4.play("vassal")
    assert t4.state.coins == 2 and t4.names(0, "discard") == []


def test_throne_room_plays_an_action_twice_or_nothing() -> None:
    t = Table("throne_room", "smithy", hand=["throne_room", "smithy", "copper", "copper", "copper"])
    t.put(0, "deck", *["copper"] * 6)
    t.play("throne_room")
    t.pick("smithy")
    assert len(t.hand()) == 3 + 6 and t.state.actions == 0
    t2 = Table("throne_room", "smithy", hand=["throne_room", "smithy", "copper", "copper", "copper"])
    t2.play("throne_room")
    t2.pick()
    assert "smithy" in t2.hand()


def test_throne_room_on_throne_room_plays_two_actions_twice_each() -> None:
    t = Table("throne_room", "village", "woodcutter",
              hand=["throne_room", "throne_room", "village", "woodcutter", "copper"])
    t.play("throne_room")
    t.pick("throne_room")
    t.pick("village")
    t.pick("woodcutter")
    assert t.state.actions == 4 and t.state.buys == 3 and t.state.coins == 4


def test_throne_room_on_feast_trashes_once_and_gains_twice() -> None:
    t = Table("throne_room", "feast", "laboratory", hand=["throne_room", "feast", *["copper"] * 3])
    t.play("throne_room")
    t.pick("feast")
    t.choose("laboratory")
    t.choose("duchy")
    assert t.trash() == ["feast"] and sorted(t.names(0, "discard")) == ["duchy", "laboratory"]


def test_library_draws_to_7_setting_actions_aside() -> None:
    t = Table("library", "smithy", hand=["library", *COPPERS], deck=DECK)
    t.clear(0, "deck")
    t.put(0, "deck", "smithy", "copper", "copper", "estate", "silver")
    t.play("library")
    assert t.decision()["prompt"] == "set_aside"
    t.pick("smithy")
    assert sorted(t.hand()) == ["copper"] * 6 + ["estate"] and t.names(0, "discard") == ["smithy"]
    assert t.names(0, "deck") == ["silver"]


def test_library_keeps_an_action_and_stops_when_nothing_is_left() -> None:
    t = Table("library", "smithy", hand=["library", *COPPERS], deck=DECK)
    t.clear(0, "deck")
    t.put(0, "deck", "smithy", "copper")
    t.play("library")
    t.pick()
    assert sorted(t.hand()) == ["copper"] * 5 + ["smithy"]


def test_library_shuffle_leaves_the_set_aside_cards_out() -> None:
    t = Table("library", "smithy", hand=["library", *COPPERS], deck=DECK)
    t.clear(0, "deck")
    t.put(0, "deck", "smithy")
    t.put(0, "discard", "silver", "silver", "silver")
    t.play("library")
    t.pick("smithy")
    assert sorted(t.hand()) == ["copper"] * 4 + ["silver"] * 3 and t.names(0, "discard") == ["smithy"]


def test_library_with_7_in_hand_draws_nothing() -> None:
    t = Table("library", hand=["library", *COPPERS])
    t.put(0, "hand", "copper", "copper", "copper")
    t.play("library")
    assert len(t.hand()) == 7 and len(t.names(0, "deck")) == 5


def test_adventurer_reveals_until_two_treasures() -> None:
    t = Table("adventurer", "smithy", hand=["adventurer", *COPPERS], deck=DECK)
    t.clear(0, "deck")
    t.put(0, "deck", "estate", "silver", "smithy", "gold", "copper")
    t.play("adventurer")
    assert sorted(t.hand()) == ["copper"] * 4 + ["gold", "silver"]
    assert sorted(t.names(0, "discard")) == ["estate", "smithy"] and t.names(0, "deck") == ["copper"]


def test_adventurer_with_one_treasure_left_keeps_it() -> None:
    t = Table("adventurer", hand=["adventurer", *COPPERS], deck=DECK)
    t.clear(0, "deck")
    t.put(0, "deck", "estate", "silver")
    t.play("adventurer")
    assert sorted(t.hand()) == ["copper"] * 4 + ["silver"] and t.names(0, "discard") == ["estate"]


def test_sentry_trashes_discards_and_puts_back_in_order() -> None:
    t = Table("sentry", hand=["sentry", *COPPERS], deck=DECK)
    t.clear(0, "deck")
    t.put(0, "deck", "copper", "estate", "silver", "gold")
    t.play("sentry")
    assert [t.state.names[c] for c in t.decision()["cards"]] == ["estate", "silver"]
    t.pick("estate")
    t.pick()
    assert t.trash() == ["estate"] and t.names(0, "deck") == ["silver", "gold"]
    t2 = Table("sentry", hand=["sentry", *COPPERS], deck=DECK)
    t2.clear(0, "deck")
    t2.put(0, "deck", "copper", "silver", "gold", "estate")
    t2.play("sentry")
    t2.pick()
    t2.pick()
    order = t2.decision()["cards"]
    t2.do("decide", order=list(reversed(order)))
    assert t2.names(0, "deck")[:2] == ["gold", "silver"]


def test_sentry_looks_at_fewer_cards_when_there_are_fewer() -> None:
    t = Table("sentry", hand=["sentry", *COPPERS], deck=DECK)
    t.clear(0, "deck")
    t.put(0, "deck", "copper", "estate")
    t.play("sentry")
    t.pick()
    t.pick("estate")
    assert t.names(0, "discard") == ["estate"] and t.names(0, "deck") == []


def test_the_heuristic_bot_ends_a_game_without_silver_and_gold_by_buying_estates() -> None:
    """Bandits can trash every Silver and Gold; the bot then buys Estates so that the game still ends."""
    from dominion.bots import heuristic_bot
    t = Table("bandit", "smithy", hand=["copper"] * 5, deck=["smithy", "smithy", "copper", "copper", "copper"])
    empty(t, "silver", "gold")
    t.do("play_treasures")
    assert heuristic_bot(t.state, 0, random.Random(0)) == {"type": "buy", "card": "estate"}


def test_the_heuristic_bot_keeps_enough_coppers_when_chapel_trashes() -> None:
    from dominion.bots import heuristic_bot
    t = Table("chapel", hand=["chapel", "copper", "copper", "copper", "estate"],
              deck=["estate", "estate", "copper", "copper", "copper"])
    t.play("chapel")
    chosen = heuristic_bot(t.state, 0, random.Random(0))["cards"]
    assert [t.state.names[c] for c in chosen] == ["estate"]


def test_the_heuristic_bot_stripped_of_money_buys_a_copper() -> None:
    """Thieves and Bandits can take every Treasure a deck had while the Silvers and Golds are gone: with
    nothing else in reach the bot gains a Copper (cost 0), so that its deck pays again and the game ends (a
    random 5-player game of Thief, Bandit and Spy once went on for ever)."""
    from dominion.bots import heuristic_bot
    t = Table("thief", "smithy", hand=["estate"] * 5, deck=["estate"] * 5)
    empty(t, "silver", "gold")
    assert heuristic_bot(t.state, 0, random.Random(0)) == {"type": "buy", "card": "copper"}
