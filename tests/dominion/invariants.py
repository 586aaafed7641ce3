"""Invariants every state and event of every Dominion game must keep (besides those of every game, in
tests/rules_kit/invariants.py); used by the random-game tests."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Sequence
from typing import Any

from dominion import RULES
from dominion.bots import Bot
from dominion.decide import decide_live
from dominion.events import Event
from dominion.evolve import apply
from dominion.state import OVER, SEAT_ZONES, State, clone
from tests.rules_kit.invariants import check_commands_accepted, check_event, check_turn_order

HIDDEN = "hidden"
SEAT_ZONE_NAMES = set(SEAT_ZONES)
MAX_DECISIONS = 50_000


def every_card(state: State) -> list[int]:
    """Every card number wherever it is: the seats' zones, the piles, the trash."""
    cards = list(state.trash)
    for zones in state.zones:
        assert zones.keys() == SEAT_ZONE_NAMES
        for zone in zones.values():
            cards += zone
    for pile in state.piles.values():
        cards += pile
    return cards


@functools.cache
def card_numbers(count: int) -> list[int]:
    """0 .. count - 1 (read only)."""
    return list(range(count))


def check_state(state: State) -> None:
    """Each card in exactly one zone (the card numbers are 0 .. n-1, each once), and no negative counter."""
    cards = every_card(state)
    cards.sort()
    assert cards == card_numbers(len(state.names)), "a card is lost or doubled"
    assert min(state.actions, state.buys, state.coins) >= 0, "a negative counter"


def check_waiting(state: State, rng: random.Random) -> list[list[dict[str, Any]]]:
    """The game waits for exactly the seats that have something to do, and refuses the others; returns the
    awaited seats' legal commands, seat by seat."""
    waiting = RULES.awaiting(state)
    if state.phase == OVER:
        assert waiting == []
    elif state.pending:
        assert waiting == sorted(s for s in state.pending if s not in state.answers) and waiting
    else:
        assert waiting == [state.current]
    return check_turn_order(RULES, state, state.players, rng)


def blind(state: State, seat: int | None) -> State:
    """`state` with all that `seat` may not know reordered and renamed: other hands, every deck's order,
    the Knights and Ruins piles below the top (cards the seat's own decision shows stay as they are).

    A seat's hidden cards (its deck, and its hand for the others) trade names among themselves rather than
    losing them: which cards a player owns is public (every gain and trash is shown to all, the start is
    known; docs/rulings.md), so the views may count them (deck composition, victory points), but never say
    which of them lie in the hand, in the deck, or in what order. The piles' hidden cards lose their names."""
    other = clone(state)
    names = list(state.names)
    decision = state.pending.get(seat) if seat is not None else None
    known = set((decision or {}).get("cards", [])) | set((decision or {}).get("seen", []))

    def hide(cards: list[int], owned: list[int] | None = None) -> list[int]:
        hidden = [c for c in cards if c not in known]
        hidden = hidden[1:] + hidden[:1]  # a different order (rotated) ...
        for c in hidden:
            names[c] = HIDDEN  # ... of cards whose names are unknown (a seat's own: traded below)
        if owned is not None:
            owned += hidden
        it = iter(hidden)
        return [c if c in known else next(it) for c in cards]

    for s, zones in enumerate(other.zones):
        owned: list[int] = []
        zones["deck"] = hide(zones["deck"], owned)
        if s != seat:
            zones["hand"] = hide(zones["hand"], owned)
        traded = [state.names[c] for c in owned]
        for c, name in zip(owned, traded[1:] + traded[:1], strict=True):
            names[c] = name
    for pile in ("knights", "ruins"):
        if len(other.piles.get(pile, [])) > 1:
            other.piles[pile][1:] = hide(other.piles[pile][1:])
    other.names = tuple(names)
    return other


def check_view(state: State, seat: int | None) -> None:
    """A seat's view depends on nothing that seat may not know, and its zones add up to every card."""
    seen = RULES.view(state, seat)
    assert seen == RULES.view(blind(state, seat), seat), f"seat {seat}'s view shows something hidden"
    total = sum(p["hand_size"] + p["deck_size"] + p["discard_size"] + len(p["in_play"]) + len(p["set_aside"])
                for p in seen["players"])
    total += sum(p["count"] for p in seen["supply"].values()) + sum(seen["non_supply"].values())
    assert total + len(seen["trash"]) == seen["card_count"] == len(state.names)


def play_checked(
    players: int, rng: random.Random, bots: Sequence[Bot] = (), options: dict[str, Any] | None = None,
    thorough: bool = False, command_every: int = 1, view_every: int = 1,
) -> State:
    """Play a game (random commands, or `bots`), checking the invariants after every event; return the
    final state. The no-leak check of views runs for one seat in turn at every `view_every`-th event (for
    every seat at every event when `thorough`); every listed command is tried at every
    `command_every`-th decision."""
    history: list[Event] = []
    state: State | None = None
    batch = RULES.setup(options or {}, players, rng)
    live: State | None = None
    for decision in range(MAX_DECISIONS):
        # The stored events of a batch change one copy of the state, as `RULES.fold` does (not a copy each).
        work = None if state is None else clone(state)
        for event in batch:
            stored = check_event(RULES, event, players)
            if work is None:
                work = RULES.evolve(None, stored)
            else:
                apply(work, stored)
            check_state(work)
            if thorough:
                for seat in [None, *range(players)]:
                    check_view(work, seat)
            elif len(history) % view_every == 0:
                seat = len(history) // view_every % (players + 1) - 1
                check_view(work, None if seat == -1 else seat)
            history.append(event)
        state = work
        assert state is not None
        assert live is None or live == state, "the fold of the stored events differs from the live state"
        legal = check_waiting(state, rng)
        waiting = RULES.awaiting(state)
        if not waiting:
            break
        if decision % command_every == 0:
            check_commands_accepted(RULES, state, rng)
        seat = waiting[0]
        command = bots[seat](state, seat, rng) if bots else rng.choice(legal[0])
        batch, live = decide_live(state, seat, command, rng)
    else:
        raise AssertionError("the game did not end")
    assert state is not None and state.phase == OVER
    json.dumps(RULES.view(state, None))
    assert RULES.load_state(json.loads(json.dumps(RULES.dump_state(state)))) == state
    assert RULES.fold(history) == state
    return state
