"""Invariants every state and event of every Dominion game must keep; used by the random-game tests."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import chain
from typing import Any

from dominion import RULES, IllegalCommand
from dominion.bots import Bot
from dominion.decide import decide_live
from dominion.events import Event
from dominion.state import OVER, SEAT_ZONES, State, clone

HIDDEN = "hidden"
MAX_DECISIONS = 50_000


def every_card(state: State) -> list[int]:
    """Every card number wherever it is: the seats' zones, the piles, the trash."""
    zones = [zones[name] for zones in state.zones for name in SEAT_ZONES]
    return list(chain(*zones, *state.piles.values(), state.trash))


def check_state(state: State) -> None:
    """Each card in exactly one zone, and no negative counter."""
    cards = every_card(state)
    assert len(cards) == len(set(cards)) == len(state.names), "a card is lost or doubled"
    assert max(cards) == len(state.names) - 1  # card numbers are never negative: 0 .. n-1, each once
    assert min(state.actions, state.buys, state.coins) >= 0, "a negative counter"


def check_waiting(state: State, rng: random.Random) -> None:
    """The game waits for exactly the seats that have something to do, and refuses the others."""
    waiting = RULES.awaiting(state)
    if state.phase == OVER:
        assert waiting == []
    elif state.pending:
        assert waiting == sorted(s for s in state.pending if s not in state.answers) and waiting
    else:
        assert waiting == [state.current]
    for seat in waiting:
        assert RULES.legal_commands(state, seat), f"seat {seat} is awaited but has nothing to do"
    for seat in range(state.players):
        if seat not in waiting:
            assert RULES.legal_commands(state, seat) == []
            try:
                RULES.decide(state, seat, {"type": "end_turn"}, rng)
            except IllegalCommand as error:
                assert error.code in ("not_your_turn", "game_over")
            else:
                raise AssertionError(f"seat {seat} acted out of turn")


def check_event(event: Event, players: int) -> Event:
    """The JSON form round-trips and hidden parts never sit in the public part; returns the stored event."""
    stored = RULES.decode(json.loads(json.dumps(RULES.encode(event))))
    assert stored == event
    if not event.private and not event.secret:
        return stored
    for part in (*event.private.values(), event.secret):
        assert not set(part) & set(event.public), f"{event.type} repeats a hidden field in public"
    for seat in [None, *range(players)]:
        seen = RULES.redact(event, seat)
        assert seen is not None
        mine = event.private.get(seat, {}) if seat is not None else {}
        others = [part for other, part in event.private.items() if other != seat]
        for part in [event.secret, *others]:
            for key in part:
                assert key not in seen or key in mine, f"{event.type} shows seat {seat} a hidden '{key}'"
    return stored


def blind(state: State, seat: int | None) -> State:
    """`state` with all that `seat` may not know reordered and renamed: other hands, every deck's order,
    the Knights and Ruins piles below the top (cards the seat's own decision shows stay as they are)."""
    other = clone(state)
    names = list(state.names)
    decision = state.pending.get(seat) if seat is not None else None
    known = set((decision or {}).get("cards", [])) | set((decision or {}).get("seen", []))

    def hide(cards: list[int]) -> list[int]:
        hidden = [c for c in cards if c not in known]
        hidden = hidden[1:] + hidden[:1]  # a different order (rotated) ...
        for c in hidden:
            names[c] = HIDDEN  # ... of cards whose names are unknown
        it = iter(hidden)
        return [c if c in known else next(it) for c in cards]

    for s, zones in enumerate(other.zones):
        zones["deck"] = hide(zones["deck"])
        if s != seat:
            zones["hand"] = hide(zones["hand"])
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


def check_commands_accepted(state: State, rng: random.Random) -> None:
    """Every listed command is accepted by `decide` and changes nothing in `state`."""
    before = RULES.dump_state(state)
    for seat in RULES.awaiting(state):
        for command in RULES.legal_commands(state, seat):
            RULES.decide(state, seat, command, random.Random(rng.random()))
    assert RULES.dump_state(state) == before


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
        for event in batch:
            state = RULES.evolve(state, check_event(event, players))
            check_state(state)
            if thorough:
                for seat in [None, *range(players)]:
                    check_view(state, seat)
            elif len(history) % view_every == 0:
                seat = len(history) // view_every % (players + 1) - 1
                check_view(state, None if seat == -1 else seat)
            history.append(event)
        assert state is not None
        assert live is None or live == state, "the fold of the stored events differs from the live state"
        check_waiting(state, rng)
        waiting = RULES.awaiting(state)
        if not waiting:
            break
        if decision % command_every == 0:
            check_commands_accepted(state, rng)
        seat = waiting[0]
        command = bots[seat](state, seat, rng) if bots else rng.choice(RULES.legal_commands(state, seat))
        batch, live = decide_live(state, seat, command, rng)
    else:
        raise AssertionError("the game did not end")
    assert state is not None and state.phase == OVER
    json.dumps(RULES.view(state, None))
    assert RULES.load_state(json.loads(json.dumps(RULES.dump_state(state)))) == state
    assert RULES.fold(history) == state
    return state
