"""The options of the Dark City and the online rules: character sets, purples, editions, player counts,
the 9-character draft, and the format versions of events and snapshots."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from citadels import RULES, IllegalCommand
from citadels.bots import heuristic_bot, random_bot
from citadels.cards import BASE_CHARACTERS, BASE_PURPLE, CHARACTERS, DARK_CITY_PURPLE, DISTRICTS
from citadels.simulate import play

from .scenario import Table, characters_of, deck_of, order

NINE = [*BASE_CHARACTERS, "artist"]
DARK = ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat", "artist"]


def refused(options: dict, players: int) -> str:
    with pytest.raises(IllegalCommand) as error:
        RULES.validate_options(options, players)
    assert error.value.code == "bad_options"
    return error.value.message


@pytest.mark.parametrize(("options", "players", "why"), [
    ({"characters": ["assassin", "witch", "thief", "magician", "king", "bishop", "merchant", "architect"]}, 4,
     "two characters of rank 1"),
    ({"characters": [*BASE_CHARACTERS[:7], "jester"]}, 4, "unknown character"),
    ({"characters": NINE}, 2, "2 players play with 8 characters"),
    ({"characters": NINE}, 3, "online"),
    ({"characters": [*BASE_CHARACTERS, "queen"]}, 4, "Queen"),
    ({}, 8, "8 players need 9 characters"),
    ({"characters": list(BASE_CHARACTERS)}, 8, "8 players need 9 characters"),
    ({"purple": ["keep", "dragon_gate", "unicorn"]}, 4, "unknown district"),
    ({"purple": ["keep", "castle"]}, 4, "not purple: castle"),
    ({"dark_city_districts": 16}, 4, "dark_city_districts"),
    ({"edition": "2016"}, 4, "edition"),
    ({"edition": "online"}, 2, "3 to 8 players online"),
    ({}, 9, "2 to 8 players"),
    ({"characters": list(BASE_CHARACTERS[:7])}, 4, "one character of each rank"),
])
def test_options_that_make_no_game_are_refused_with_a_reason(options: dict, players: int, why: str) -> None:
    assert why in refused(options, players)


def test_characters_and_deck_reflect_the_choice() -> None:
    assert characters_of({"characters": list(reversed(DARK))}) == DARK
    deck = deck_of({"purple": ["museum", "keep"]})
    assert len(deck) == 54 + 3 and deck.count("keep") == 2 and "dragon_gate" not in deck
    assert len(deck_of({})) == 65


def test_stacked_character_orders_and_deck_keep_working_with_any_set() -> None:
    characters = DARK[:8] + ["queen"]
    table = Table(5, order("tax_collector", "abbot", "emperor", characters=characters), characters=characters)
    assert table.state.face_up == ("tax_collector", "abbot") and table.state.face_down == ("emperor",)
    assert table.state.rules.characters[-1] == "queen"
    assert characters_of({"random_characters": True}) == sorted(CHARACTERS, key=lambda c: CHARACTERS[c].rank)


@pytest.mark.parametrize("players", range(2, 9))
def test_random_characters_one_per_rank_written_into_the_setup(players: int) -> None:
    for seed in range(30):
        events = RULES.setup({"random_characters": True}, players, random.Random(seed))
        characters = events[0].public["characters"]
        ranks = [CHARACTERS[c].rank for c in characters]
        assert ranks == list(range(1, 10 if players >= 4 else 9))
        assert players >= 5 or "queen" not in characters
        assert "random_characters" not in events[0].secret["options"]
        assert RULES.fold(events).rules.characters == tuple(characters)


@pytest.mark.parametrize(("count", "base"), [(0, 10), (2, 10), (3, 10), (4, 6), (5, 5), (10, 0), (15, 0)])
def test_dark_city_districts_join_the_base_purples_and_are_written_into_the_setup(count: int, base: int) -> None:
    """Seed 000: 2-3 Dark City districts are simply added; with more, as many base purples leave the deck."""
    events = RULES.setup({"dark_city_districts": count}, 4, random.Random(5))
    purple = events[0].secret["options"]["purple"]
    assert len(set(purple) & set(DARK_CITY_PURPLE)) == count and len(set(purple) & set(BASE_PURPLE)) == base
    assert sorted(events[0].public["purple"]) == sorted(purple)
    state = RULES.fold(events)
    keeps = 1 if "keep" in purple else 0  # the Keep brings two cards
    assert sum(1 for d in state.rules.deck if DISTRICTS[d].colour == "purple") == count + base + keeps


# --- player counts with 8 and 9 characters -----------------------------------------------------------------

FACE_UP_2012 = {8: {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0}, 9: {4: 3, 5: 2, 6: 1, 7: 0, 8: 0}}


@pytest.mark.parametrize(("players", "count"), [(p, n) for n in (8, 9) for p in FACE_UP_2012[n]])
def test_each_player_count_plays_with_8_and_9_characters(players: int, count: int) -> None:
    characters = NINE if count == 9 else list(BASE_CHARACTERS)
    options = {"characters": characters}
    for seed in range(3):
        bots = [heuristic_bot if seat % 2 else random_bot for seat in range(players)]
        state, history = play(bots, random.Random(seed), options)
        first = next(e for e in history if e.type == "round_started")
        assert len(first.public["face_up"]) == FACE_UP_2012[count][players]
        chosen = [e for e in history if e.type == "character_chosen"]
        per_round = players * (2 if players in (2, 3) else 1)
        assert len(chosen) % per_round == 0
        assert state.phase == "over" and state.winners


def test_eight_players_last_chooser_gets_one_card_and_the_face_down_one() -> None:
    table = Table(8, order(characters=NINE), hands=[["tavern", "market", "temple", "watchtower"]] * 8,
                  deck=["manor"] * 10, characters=NINE)
    assert table.state.face_up == () and len(table.state.draft_pile) == 8
    table.draft(*NINE[1:8])
    assert table.seat == 7 and sorted(table.state.draft_pile) == sorted(["artist", "assassin"])
    assert any(e.type == "face_down_offered" for e in table.events)
    table.draft("assassin")
    assert table.state.phase == "turns"


# --- the online rules -----------------------------------------------------------------------------------

def test_online_three_players_one_character_each_and_the_face_up_table() -> None:
    for characters, face_up in ((list(BASE_CHARACTERS), 3), (NINE, 4)):
        events = RULES.setup({"edition": "online", "characters": characters}, 3, random.Random(1))
        state = RULES.fold(events)
        assert len(state.face_up) == face_up and len(state.draft_steps) == 3


@pytest.mark.parametrize(("players", "eight", "nine"), [(4, 2, 3), (5, 1, 2), (6, 0, 1), (7, 0, 0)])
def test_online_face_up_counts(players: int, eight: int, nine: int) -> None:
    for characters, count in ((list(BASE_CHARACTERS), eight), (NINE, nine)):
        state = RULES.fold(RULES.setup({"edition": "online", "characters": characters}, players, random.Random(2)))
        assert len(state.face_up) == count
    state = RULES.fold(RULES.setup({"edition": "online", "characters": NINE}, 8, random.Random(2)))
    assert len(state.face_up) == 0


def test_online_king_and_emperor_never_face_up_and_the_face_down_card_seen_by_nobody() -> None:
    characters = ["assassin", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord", "artist"]
    for seed in range(200):
        events = RULES.setup({"edition": "online", "characters": characters}, 4, random.Random(seed))
        started = events[1]
        assert "emperor" not in started.public["face_up"]
        assert started.private == {}
    assert "may never lie face up" in refused(
        {"edition": "online", "characters": characters, "character_orders": [order("emperor", characters=characters)]}, 5)


def test_online_first_crown_is_random_and_the_rejected_card_goes_under_the_deck() -> None:
    crowns = Counter(RULES.setup({"edition": "online"}, 5, random.Random(s))[0].public["crown"] for s in range(100))
    assert set(crowns) == set(range(5))
    state = RULES.fold(RULES.setup({"edition": "online"}, 5, random.Random(3)))
    assert state.rules.rejected_card == "under_deck"
    assert Counter(RULES.setup({}, 5, random.Random(s))[0].public["crown"] for s in range(20)) == {0: 20}


# --- format versions --------------------------------------------------------------------------------------

def test_events_carry_version_two_and_version_one_is_upcast() -> None:
    opening = RULES.setup({}, 4, random.Random(0))[0]
    assert RULES.encode(opening)["v"] == 2
    old = RULES.encode(opening)
    old = {**old, "v": 1, "public": {k: v for k, v in old["public"].items() if k not in ("characters", "purple")}}
    upcast = RULES.decode(old)
    assert upcast.v == 2 and upcast.public["characters"] == list(BASE_CHARACTERS)
    assert upcast.public["purple"] == sorted(BASE_PURPLE)
    with pytest.raises(IllegalCommand):
        RULES.decode({**old, "v": 3})


def test_snapshots_carry_a_format_and_a_newer_one_is_refused() -> None:
    state, _ = play([heuristic_bot] * 5, random.Random(1), {"random_characters": True, "dark_city_districts": 5})
    dumped = RULES.dump_state(state)
    assert dumped["format"] == 3 and RULES.load_state(dumped) == state
    with pytest.raises(ValueError):
        RULES.load_state({**dumped, "format": 4})


def test_stalled_game_ends_after_three_rounds_without_cards_or_builds() -> None:
    table = Table(2, order(), deck=[])
    table.set_deck([], [])
    for seat in (0, 1):
        table.set(seat, hand=[])
    rounds = 0
    while table.state.phase != "over" and rounds < 10:
        table.draft(*[table.legal()[0]["character"] for _ in range(1)])
        while table.state.phase == "draft":
            table.draft(table.legal()[0]["character"])
        table.finish_round()
        rounds += 1
    assert table.state.phase == "over" and rounds == 3
