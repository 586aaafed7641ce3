"""Invariants the rules of every game keep, whatever the game: the stored form of events and what each seat
may see of them, who may act, and that every listed command is accepted. tests/citadels/invariants.py and
tests/dominion/invariants.py add each game's own."""

from __future__ import annotations

import json
import random
from typing import Any

from rules_kit import Event, IllegalCommand
from rules_kit.engine import GameRules

from .json_commands import decide_json


def check_event(rules: GameRules[Any, Any], event: Event, players: int) -> Event:
    """The JSON form round-trips, hidden parts never sit in the public part and no seat sees another's
    private part or the secret one; returns the stored event (what the server would load)."""
    stored = rules.decode(json.loads(json.dumps(rules.encode(event))))
    assert stored == event
    if not event.private and not event.secret:
        return stored
    public = event.public.keys()
    for part in (*event.private.values(), event.secret):
        assert not part.keys() & public, f"{event.type} repeats a hidden field in public"
    for seat in [None, *range(players)]:
        seen = rules.redact(event, seat).keys()
        mine = event.private.get(seat, {}) if seat is not None else {}
        hidden = set(event.secret).union(*(part for other, part in event.private.items() if other != seat))
        leaked = (hidden - mine.keys()) & seen
        assert not leaked, f"{event.type} shows seat {seat} hidden {sorted(leaked)}"
    return stored


def check_turn_order(rules: GameRules[Any, Any], state: Any, players: int, rng: random.Random) -> list[Any]:
    """Every awaited seat has something to do, every other seat nothing, and a command from another seat
    is refused; returns the awaited seats' legal commands, seat by seat."""
    waiting = rules.awaiting(state)
    legal = [rules.legal_commands(state, seat) for seat in waiting]
    for seat, commands in zip(waiting, legal, strict=True):
        assert commands, f"seat {seat} is awaited but has nothing to do"
    for seat in range(players):
        if seat not in waiting:
            assert rules.legal_commands(state, seat) == []
            try:
                decide_json(rules, state, seat, {"type": "end_turn"}, rng)
            except IllegalCommand as error:
                assert error.code in ("not_your_turn", "game_over")
            else:
                raise AssertionError(f"seat {seat} acted out of turn")
    return legal


def check_commands_accepted(rules: GameRules[Any, Any], state: Any, rng: random.Random) -> None:
    """Every listed command is accepted by `decide` and changes nothing in `state`; each is already what
    `normalize_command` reads its JSON into (a client sends a listed command back as JSON, and `decide` trusts
    the command it is given)."""
    before = rules.dump_state(state)
    for seat in rules.awaiting(state):
        for command in rules.legal_commands(state, seat):
            assert rules.normalize_command(json.loads(json.dumps(command))) == command, command
            rules.decide(state, seat, command, random.Random(rng.random()))
    assert rules.dump_state(state) == before
