"""The base game's Attacks and Moat (../shared/reference/dominion-base-game.md, "Rulings")."""

from __future__ import annotations

from dominion import RULES

from .table import Table
from .test_basegame_simple import empty

COPPERS = ["copper"] * 4


def test_militia_gives_2_and_the_others_discard_down_to_3() -> None:
    t = Table("militia", players=3, hand=["militia", *COPPERS])
    t.put(1, "hand", "estate")
    t.put(2, "hand", "estate")
    t.play("militia")
    assert t.state.coins == 2 and sorted(t.state.pending) == [1, 2]
    t.pick("copper", "copper", "copper", by=1)
    t.pick("copper", "copper", "estate", by=2)
    assert t.hand(1) == ["copper", "copper", "estate"] and t.hand(2) == ["copper"] * 3 and not t.state.pending


def test_witch_curses_in_turn_order_until_the_curses_run_out() -> None:
    t = Table("witch", players=3, hand=["witch", *COPPERS])
    state = RULES.load_state(RULES.dump_state(t.state))
    state.trash += state.piles["curse"][1:]
    del state.piles["curse"][1:]
    t.state = state
    t.play("witch")
    assert len(t.hand()) == 6
    assert t.names(1, "discard") == ["curse"] and t.names(2, "discard") == []


def test_bureaucrat_gains_silver_onto_deck_and_the_others_put_a_victory_card_back() -> None:
    t = Table("bureaucrat", players=3, hand=["bureaucrat", *COPPERS], shelters=False)
    t.clear(1, "hand")
    t.put(1, "hand", "estate", "duchy", "copper")
    t.clear(2, "hand")
    t.put(2, "hand", "copper", "copper")
    events = t.play("bureaucrat")
    assert t.names(0, "deck")[0] == "silver"
    assert any(e.type == "hand_revealed" and e.public["seat"] == 2 for e in events)
    assert t.decision(1)["prompt"] == "victory_onto_deck"
    t.pick("duchy", by=1)
    assert t.names(1, "deck")[0] == "duchy" and sorted(t.hand(1)) == ["copper", "estate"]


def test_bureaucrat_takes_overgrown_estate_but_not_hovel() -> None:
    t = Table("bureaucrat", hand=["bureaucrat", *COPPERS])
    t.clear(1, "hand")
    t.put(1, "hand", "hovel", "necropolis", "copper")
    t.play("bureaucrat")
    assert not t.state.pending and len(t.hand(1)) == 3


def test_bandit_gains_gold_and_the_victim_trashes_a_non_copper_treasure() -> None:
    t = Table("bandit", "counterfeit", hand=["bandit", *COPPERS])
    t.put(1, "deck", "silver", "counterfeit")
    t.play("bandit")
    assert t.names(0, "discard") == ["gold"]
    assert t.decision(1)["prompt"] == "trash_revealed" and t.seat == 1
    t.pick("counterfeit", by=1)
    assert t.trash() == ["counterfeit"] and t.names(1, "discard") == ["silver"]


def test_bandit_spares_coppers_and_discards_both() -> None:
    t = Table("bandit", hand=["bandit", *COPPERS])
    t.put(1, "deck", "copper", "estate")
    t.play("bandit")
    assert t.trash() == [] and sorted(t.names(1, "discard")) == ["copper", "estate"]


def test_bandit_without_gold_left_still_attacks() -> None:
    t = Table("bandit", hand=["bandit", *COPPERS])
    empty(t, "gold")
    t.put(1, "deck", "silver", "estate")
    t.play("bandit")
    assert t.trash()[-1] == "silver" and t.names(0, "discard") == []


def test_spy_reveals_the_players_own_card_first_then_the_others() -> None:
    t = Table("spy", players=3, hand=["spy", *COPPERS])
    t.put(0, "deck", "copper", "estate")
    t.put(1, "deck", "gold")
    t.put(2, "deck", "silver")
    t.play("spy")
    assert t.state.actions == 1 and t.decision()["prompt"] == "spy_discard_or_back"
    assert t.names(0, "set_aside") == ["estate"]
    t.choose("discard")
    assert t.names(1, "set_aside") == ["gold"]
    t.choose("discard")
    t.choose("back")
    assert t.names(0, "discard") == ["estate"] and t.names(1, "discard") == ["gold"]
    assert t.names(2, "deck")[0] == "silver"


def test_thief_trashes_the_chosen_treasure_and_may_gain_it() -> None:
    t = Table("thief", players=3, hand=["thief", *COPPERS])
    t.put(1, "deck", "silver", "gold")
    t.put(2, "deck", "estate", "copper")
    t.play("thief")
    assert t.seat == 0 and t.decision()["prompt"] == "trash_revealed"
    t.pick("gold")
    assert t.names(1, "discard") == ["silver"]
    assert t.decision()["prompt"] == "gain_from_trash"
    assert sorted(t.state.names[c] for c in t.decision()["cards"]) == ["copper", "gold"]
    t.pick("gold")
    assert t.names(0, "discard") == ["gold"] and t.trash() == ["copper"]
    assert t.names(2, "discard") == ["estate"]


def test_thief_may_gain_nothing_and_finds_nothing_in_an_empty_deck() -> None:
    t = Table("thief", hand=["thief", *COPPERS])
    state = RULES.load_state(RULES.dump_state(t.state))
    state.trash += state.zones[1]["deck"]
    state.zones[1]["deck"].clear()
    t.state = state
    t.play("thief")
    assert not t.state.pending and len(t.trash()) == 5


def test_moat_draws_2_and_shields_its_holder_from_militia() -> None:
    t = Table("militia", "moat", players=3, hand=["militia", *COPPERS])
    t.put(1, "hand", "moat")
    t.put(2, "hand", "estate")
    t.play("militia")
    assert t.decision(1)["prompt"] == "attack_moat" and t.decision(1)["reaction"] == "moat"
    events = t.choose("yes", by=1)
    assert any(e.type == "reaction_revealed" for e in events)
    assert 1 not in t.state.pending and 2 in t.state.pending
    t.pick("copper", "copper", "copper", by=2)
    assert len(t.hand(1)) == 6 and "moat" in t.hand(1)
    t.do("end_turn")
    t.play("moat", seat=1)
    assert len(t.hand(1)) == 6 - 1 + 2


def test_moat_not_revealed_leaves_the_attack_whole() -> None:
    t = Table("witch", "moat", hand=["witch", *COPPERS])
    t.put(1, "hand", "moat")
    t.play("witch")
    t.choose("no", by=1)
    assert t.names(1, "discard") == ["curse"]


def test_moat_against_witch_bandit_bureaucrat_thief_spy() -> None:
    for attack, deck in [("witch", []), ("bandit", ["silver", "gold"]), ("bureaucrat", []),
                         ("thief", ["silver", "gold"]), ("spy", ["gold"])]:
        t = Table(attack, "moat", hand=[attack, *COPPERS], shelters=False)
        t.put(1, "hand", "moat", "estate", "duchy")
        if deck:
            t.put(1, "deck", *deck)
        before = list(t.state.zones[1]["deck"])
        t.play(attack)
        t.choose("always", by=1)
        if attack == "spy":  # the attacker's own card only
            t.choose("back")
        assert t.names(1, "discard") == [] and list(t.state.zones[1]["deck"]) == before, attack
        assert t.state.standing[1] == {"moat": "always"}


def test_a_standing_moat_answer_is_used_for_each_play_under_throne_room() -> None:
    t = Table("militia", "moat", "throne_room", hand=["throne_room", "militia", "copper", "copper", "copper"])
    t.put(1, "hand", "moat", "estate")
    t.play("throne_room")
    t.pick("militia")
    t.choose("yes", by=1)  # first play
    t.choose("no", by=1)  # second play: the Moat is asked again
    assert t.decision(1)["prompt"] == "discard_down"
    assert t.state.coins == 4


def test_a_set_reaction_command_answers_moat_for_good() -> None:
    t = Table("militia", "moat", hand=["militia", *COPPERS])
    t.put(1, "hand", "moat")
    t.do("set_reaction", by=1, card="moat", answer="always")
    t.play("militia")
    assert not t.state.pending and len(t.hand(1)) == 6


def _strip(t: Table, seat: int, *zones: str) -> None:
    """Move a seat's zones to the trash (no effects), for short decks."""
    state = RULES.load_state(RULES.dump_state(t.state))
    for zone in zones:
        state.trash += state.zones[seat][zone]
        state.zones[seat][zone].clear()
    t.state = state


def test_spy_skips_a_player_with_no_cards_to_reveal() -> None:
    t = Table("spy", hand=["spy", *COPPERS])
    _strip(t, 1, "deck", "discard")
    t.play("spy")
    t.choose("back")  # the player's own card; the other has nothing
    assert not t.state.pending and t.state.actions == 1


def test_bureaucrat_without_silvers_still_attacks() -> None:
    t = Table("bureaucrat", hand=["bureaucrat", *COPPERS], shelters=False)
    empty(t, "silver")
    t.clear(1, "hand")
    t.put(1, "hand", "estate")
    deck = len(t.names(0, "deck"))
    t.play("bureaucrat")
    assert len(t.names(0, "deck")) == deck and t.names(1, "deck")[0] == "estate"


def test_bandit_with_one_card_left_reveals_it_after_a_shuffle() -> None:
    t = Table("bandit", hand=["bandit", *COPPERS])
    _strip(t, 1, "deck")
    t.put(1, "discard", "silver")
    t.play("bandit")
    assert t.trash()[-1] == "silver" and t.names(1, "discard") == []
