"""Invariants every state and event of every Citadels game must keep (besides those of every game, in
tests/rules_kit/invariants.py); used by the random-game tests."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Sequence
from typing import Any

from citadels import RULES
from citadels.bots import Bot
from citadels.cards import BASE_PURPLE, DARK_CITY_PURPLE
from citadels.events import Event
from citadels.state import DRAFT, Player, State
from tests.rules_kit.invariants import check_commands_accepted, check_event, check_turn_order

HIDDEN = "hidden"
_UNUSED_RNG = random.Random(0)  # a refused command draws nothing
MAX_DECISIONS = 20_000


def all_cards(state: State) -> list[str]:
    """Every district card of the game wherever it is: deck, hands, cities, under Museums, discard pile,
    drawn cards."""
    cards = [*state.deck, *state.discard]
    for player in state.players:
        cards += player.hand
        cards += [b.district for b in player.city]
        cards += player.museum
    if state.turn is not None:
        cards += state.turn.drawn
    return cards


@functools.cache
def sorted_deck(deck: tuple[str, ...]) -> list[str]:
    """The game's cards in order (read only): sorted once per deck, not after every event."""
    return sorted(deck)


def check_state(state: State) -> None:
    """Each card exactly once and no negative gold, in every state."""
    cards = all_cards(state)
    cards.sort()
    assert cards == sorted_deck(state.rules.deck), "a district card was lost or duplicated"
    assert all(p.gold >= 0 for p in state.players), "negative gold"


def check_waiting(state: State) -> list[dict[str, Any]]:
    """After a whole batch the game waits for exactly one seat, who can act, or it is over; returns what
    the awaited seat may do."""
    legal = check_turn_order(RULES, state, state.rules.players, _UNUSED_RNG)
    assert len(legal) == (0 if state.phase == "over" else 1)
    return legal[0] if legal else []


def blind(state: State, seat: int | None) -> State:
    """`state` with everything `seat` may not know replaced by a placeholder."""
    players = tuple([
        p if p.seat == seat else Player(p.seat, p.gold, (HIDDEN,) * len(p.hand), p.city, (HIDDEN,) * len(p.museum))
        for p in state.players
    ])
    known = set(state.revealed)
    chosen = tuple([
        cs if s == seat else tuple([c if (s, c) in known else HIDDEN for c in cs])
        for s, cs in enumerate(state.chosen)
    ])
    drafting = state.phase == DRAFT and state.draft_steps and state.draft_steps[0].seat == seat
    sees_face_down = drafting or (seat == state.crown and state.rules.king_sees_face_down and state.phase == DRAFT)
    # The state's own copy (with a copy of its turn), changed here: `dataclasses.replace` costs several times
    # more, and this runs after most events of every random game.
    other = state.copy()
    other.deck = (HIDDEN,) * len(state.deck)
    turn = other.turn
    if turn is not None and turn.seat != seat:
        turn.drawn, turn.seen = (HIDDEN,) * len(turn.drawn), (HIDDEN,) * len(turn.seen)
    elif turn is not None and turn.searching:
        other.deck = tuple(sorted(state.deck))  # the Lighthouse's searcher may know the content, never the order
    other.players, other.chosen = players, chosen
    other.draft_pile = state.draft_pile if drafting else (HIDDEN,) * len(state.draft_pile)
    other.face_down = (
        state.face_down[:1] + (HIDDEN,) * (len(state.face_down) - 1) if sees_face_down
        else (HIDDEN,) * len(state.face_down)
    )
    return other


def check_view(state: State, seat: int | None) -> None:
    """A seat's view depends on nothing that seat may not know."""
    seen = RULES.view(state, seat)
    assert seen == RULES.view(blind(state, seat), seat), f"seat {seat}'s view shows something hidden"
    json.dumps(seen)
    revealed = set(state.revealed)
    for player in seen["players"]:
        if player["seat"] != seat:
            assert all((player["seat"], c) in revealed for c in player["characters"])


def play_checked(
    players: int, rng: random.Random, choices: Any = None, thorough: bool = False,
    options: dict[str, Any] | None = None, bots: Sequence[Bot] = (), view_every: int = 1,
) -> State:
    """Play a random game, checking every invariant after every event; return the final state.

    `choices` (an iterator of ints) picks among the legal commands, else `bots` (one per seat) do, else
    `rng` does. Every event is checked, and one seat's view in turn at every `view_every`-th event (every
    seat's view at every event when `thorough`, which also checks that every listed command is accepted).
    """
    history: list[Event] = []
    state: State | None = None
    replica: State | None = None
    batch = RULES.setup(options or {}, players, rng)
    for _ in range(MAX_DECISIONS):
        for event in batch:
            state = RULES.evolve(state, event)
            replica = RULES.evolve(replica, check_event(RULES, event, players))
            assert replica == state, "the fold of the stored events differs from the live state"
            check_state(state)
            if thorough:
                for seat in [None, *range(players)]:
                    check_view(state, seat)
            elif len(history) % view_every == 0:
                seat = len(history) // view_every % (players + 1) - 1  # each seat and the spectator in turn
                check_view(state, None if seat == -1 else seat)
            history.append(event)
        assert state is not None
        legal = check_waiting(state)
        waiting = RULES.awaiting(state)
        if not waiting:
            break
        if thorough:
            check_commands_accepted(RULES, state, rng)
            assert RULES.load_state(json.loads(json.dumps(RULES.dump_state(state)))) == state, "snapshot"
        seat = waiting[0]
        pick = next(choices, None) if choices is not None else None
        if pick is not None:
            command = legal[pick % len(legal)]
        else:
            command = bots[seat](state, seat, rng) if bots else rng.choice(legal)
        batch = RULES.decide(state, seat, command, rng)
    else:
        raise AssertionError("the game did not end")
    assert state is not None and state.phase == "over"
    assert RULES.load_state(json.loads(json.dumps(RULES.dump_state(state)))) == state
    assert RULES.fold(history) == state
    return state


def random_options(rng: random.Random, players: int) -> dict[str, Any]:
    """A random mix of the options: edition, character set, purples (online needs 3 players or more)."""
    options: dict[str, Any] = {}
    editions = ["2012", "2000"] + (["online"] if players >= 3 else [])
    edition = rng.choice(editions)
    if edition != "2012":
        options["edition"] = edition
    if players == 8 or rng.random() < 0.7:
        options["random_characters"] = True
    purple = rng.random()
    if purple < 0.4:
        options["dark_city_districts"] = rng.randrange(16)
    elif purple < 0.7:
        pool = list(BASE_PURPLE + DARK_CITY_PURPLE)
        options["purple"] = rng.sample(pool, rng.randrange(len(pool) + 1))
    return options
