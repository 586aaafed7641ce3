"""Taking moves back in the rules (`rules_kit.takeback`, each game's `reveals`): which moves a seat may take
back alone, and that a `taken_back` event folds to the state before the moves, whichever way the log is
folded (whole, from a snapshot, event by event), and that the same command then decides the same again."""

from __future__ import annotations

import random
from typing import Any

import pytest

import citadels
import dominion
from citadels.bots import heuristic_bot as citadels_bot
from dominion.bots import heuristic_bot as dominion_bot
from rules_kit.engine import GameRules
from rules_kit.events import Event
from rules_kit.takeback import TAKEN_BACK, free_takebacks, restored_state

from ..dominion.table import Table

GAMES = [(citadels.RULES, citadels_bot, 4), (dominion.RULES, dominion_bot, 3)]


def _moves(rules: GameRules[Any, Any], bot: Any, players: int, seed: int, limit: int = 400) -> list[tuple[Any, int, dict[str, Any], list[Event]]]:
    """A bot game's first `limit` moves: (state before, seat, command, events)."""
    rng = random.Random(seed)
    state = rules.fold(rules.setup({}, players, rng))
    moves = []
    for _ in range(limit):
        seats = rules.awaiting(state)
        if not seats:
            break
        seat = seats[0]
        command = bot(state, seat, rng)
        events = rules.decide(state, seat, command, random.Random(seed))
        moves.append((state, seat, command, events))
        state = rules.fold(events, state)
    return moves


def _dumped(rules: GameRules[Any, Any], state: Any) -> Any:
    return rules.dump_state(state)


@pytest.mark.parametrize("rules, bot, players", GAMES, ids=["citadels", "dominion"])
@pytest.mark.parametrize("seed", [1, 2])
def test_taking_back_a_free_move_folds_to_the_state_before_and_replays_the_same(rules, bot, players, seed):
    """For every move a seat may take back alone in a bot game: the log with the move and its takeback folds
    (whole and event by event) to the state before it, every seat sees what it saw before, and deciding
    the same command again gives the same events and state."""
    taken = 0
    for before, seat, command, events in _moves(rules, bot, players, seed):
        if rules.free_takebacks([(seat, events)], seat) != 1:
            continue
        taken += 1
        after = rules.fold(events, before)
        back = rules.takeback_event(seat, 10, 10 + len(events), before)
        restored = rules.fold([back], after)
        assert _dumped(rules, restored) == _dumped(rules, before)
        assert _dumped(rules, rules.evolve(after, rules.decode(rules.encode(back)))) == _dumped(rules, before)
        for viewer in [None, *range(players)]:
            assert rules.view(restored, viewer) == rules.view(before, viewer)
        again = rules.decide(restored, seat, command, random.Random(seed))
        assert again == events
        assert _dumped(rules, rules.fold(again, restored)) == _dumped(rules, after)
    assert taken > 5  # the games hold free moves to take back


@pytest.mark.parametrize("rules, bot, players", GAMES, ids=["citadels", "dominion"])
def test_no_free_move_shows_anything_hidden(rules, bot, players):
    """A move a seat may take back alone gives no other seat a private part and changes no other seat's
    view but by public facts, and it never ends with another seat awaited alone (they have not moved)."""
    for before, seat, _command, events in _moves(rules, bot, players, 3):
        if rules.free_takebacks([(seat, events)], seat) != 1:
            continue
        assert all(set(event.private) <= {seat} for event in events)
        after = rules.fold(events, before)
        assert seat in rules.awaiting(after) or not rules.awaiting(after) or set(rules.awaiting(after)) == set(rules.awaiting(before))


def test_the_count_stops_at_another_seat_or_a_reveal():
    quiet = Event("gold_taken", {"seat": 0, "amount": 2}, {}, {}, 1)
    drawn = Event("cards_drawn", {"seat": 0}, {0: {"cards": ["x"]}}, {}, 1)
    rules = citadels.RULES
    assert free_takebacks([], 0, rules.reveals) == 0
    assert rules.free_takebacks([(0, [quiet]), (0, [quiet])], 0) == 2
    assert rules.free_takebacks([(0, [quiet]), (1, [quiet]), (0, [quiet])], 0) == 1
    assert rules.free_takebacks([(0, [quiet]), (1, [quiet])], 0) == 0
    assert rules.free_takebacks([(0, [quiet]), (0, [drawn]), (0, [quiet])], 0) == 1
    assert rules.free_takebacks([(0, [quiet, drawn])], 0) == 0


@pytest.mark.parametrize("event, reveals", [
    (Event("gold_taken", {"seat": 0, "amount": 2}, {}, {}, 1), False),
    (Event("district_built", {"seat": 0, "district": "tavern"}, {}, {}, 1), False),
    (Event("character_killed", {"seat": 0, "character": "thief"}, {}, {}, 1), False),
    (Event("card_kept", {"seat": 0}, {0: {"district": "tavern"}}, {}, 1), False),
    (Event("character_revealed", {"character": "king"}, {}, {}, 1), True),
    (Event("turn_ended", {"seat": 0}, {}, {}, 1), True),
    (Event("cards_drawn", {"seat": 0}, {0: {"cards": ["tavern"]}}, {}, 1), True),
    (Event("deck_reshuffled", {"count": 3}, {}, {"deck": []}, 1), True),
    (Event("hands_swapped", {"seat": 0}, {0: {}, 1: {}}, {}, 1), True),
    (Event("graveyard_offered", {"seat": 1, "district": "tavern"}, {}, {}, 1), True),
    (Event("character_chosen", {"seat": 0}, {0: {"character": "king"}}, {}, 1), True),
    (Event("something_new", {"seat": 0}, {1: {}}, {}, 1), True),  # shown to another seat
], ids=lambda value: value.type if isinstance(value, Event) else str(value))
def test_citadels_reveals(event, reveals):
    assert citadels.RULES.reveals(event, 0) is reveals


def _free_after(table: Table, *steps: Any) -> int:
    moves = []
    for step in steps:
        seat = table.seat
        events = table.play(step) if isinstance(step, str) and step not in ("end_turn", "play_treasures") else table.do(step)
        moves.append((seat, events))
    return dominion.RULES.free_takebacks(moves, 0)


def test_dominion_plays_and_buys_are_free_until_a_draw_or_the_turn_ends():
    table = Table("village", "militia", hand=["copper"] * 4 + ["village"])
    assert _free_after(table, "play_treasures") == 1
    assert _free_after(Table("village", hand=["copper"] * 5), "play_treasures", {"type": "buy", "card": "silver"}) == 2
    assert _free_after(Table("village", hand=["copper"] * 4 + ["village"]), "village") == 0  # +1 card: a draw
    assert _free_after(Table("village", hand=["copper"] * 5), "end_turn") == 0  # cleanup draws the next hand


def test_dominion_an_attack_that_asks_another_seat_is_not_free():
    table = Table("militia", hand=["militia"] + ["copper"] * 4)
    assert _free_after(table, "militia") == 0


def test_dominion_curse_buy_is_free():
    table = Table("witch", hand=["copper"] * 5)
    assert _free_after(table, "play_treasures", {"type": "buy", "card": "curse"}) == 2


def test_a_takeback_event_keeps_the_state_secret():
    rules = dominion.RULES
    table = Table("village", hand=["copper"] * 5)
    event = rules.takeback_event(0, 3, 5, table.state)
    assert event.type == TAKEN_BACK and event.public == {"seat": 0, "to": 3, "at": 5}
    assert event.private == {} and rules.load_state(restored_state(event)) == table.state
    assert "state" not in rules.redact(event, 0) and "state" not in rules.redact(event, None)
