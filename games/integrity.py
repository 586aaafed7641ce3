"""Checking a game's stored log: the hash chain, the sequence, the snapshots and the projection columns
against a fresh fold (`manage.py verify_events`, the tests, the benchmarks)."""

from __future__ import annotations

from typing import Any

from .models import Event, Game, Snapshot
from .registry import get_kind
from .store import GENESIS_HASH, canonical_json, event_hash


def verify(game: Game) -> list[str]:
    """Problems with one game's log: broken hash chain, gaps, projections or snapshots that differ from the fold."""
    kind = get_kind(game.kind)
    rules = kind.rules
    problems: list[str] = []
    prev = GENESIS_HASH
    expected_seq = 0
    state: Any = None
    snapshots = dict(Snapshot.objects.filter(game=game).values_list("seq", "state"))
    for event in Event.objects.filter(game=game).order_by("seq").iterator(chunk_size=2000):
        expected_seq += 1
        if event.seq != expected_seq:
            problems.append(f"seq {event.seq} where {expected_seq} was expected (gap or duplicate)")
            expected_seq = event.seq
        if event.prev_hash != prev:
            problems.append(f"event {event.seq}: prev_hash does not match the hash of event {event.seq - 1}")
        digest = event_hash(
            event.prev_hash, event.seq, event.type, event.data, event.actor_id, event.actor_seat, event.command_id
        )
        if digest != event.hash:
            problems.append(f"event {event.seq}: content does not match its hash (edited?)")
        prev = event.hash
        try:
            state = rules.evolve(state, rules.decode(event.data))
        except Exception as exc:  # a log the rules cannot fold is exactly what this check reports
            problems.append(f"event {event.seq}: the rules cannot apply it: {exc}")
            return problems
        if event.seq in snapshots:
            # A snapshot of an older format is compared in the current one (load_state upcasts it).
            try:
                stored = rules.dump_state(rules.load_state(snapshots[event.seq]))
            except Exception as exc:  # an unreadable snapshot is exactly what this check reports
                problems.append(f"snapshot at {event.seq} cannot be loaded: {exc}")
                continue
            if canonical_json(rules.dump_state(state)) != canonical_json(stored):
                problems.append(f"snapshot at {event.seq} differs from the fold")
    if expected_seq != game.version:
        problems.append(f"game version {game.version} but {expected_seq} events")
    if game.head_hash != (prev if expected_seq else "") and not (expected_seq == 0 and game.head_hash == ""):
        problems.append("game head_hash is not the hash of its last event")
    if state is not None:
        awaiting = list(rules.awaiting(state))
        if awaiting != list(game.awaiting):
            problems.append(f"game awaits {game.awaiting} but the fold awaits {awaiting}")
        finished = not awaiting
        if finished != (game.status == Game.Status.FINISHED):
            problems.append(f"game status {game.status!r} does not match the fold (finished={finished})")
    return problems
