"""Checking a game's stored log: the hash chain, the sequence, the snapshots and the projection columns
against a fresh fold, and that the log is in one partition, hot or cold (`manage.py verify_events`, the
tests, the benchmarks)."""

from __future__ import annotations

from typing import Any

from .models import Command, Event, Game, Snapshot
from .registry import get_kind
from .store import GENESIS_HASH, canonical_json, event_hash


def verify(game: Game) -> list[str]:
    """Problems with one game's log: broken hash chain, gaps, projections or snapshots that differ from the
    fold, rows split between the hot and the cold partition (the archive moves a game's rows together, and
    the unique keys of migration 0019 count on it), an archived game in play, an event of another game's
    command. Reads the game's rows wherever they are."""
    kind = get_kind(game.kind)
    rules = kind.rules
    problems: list[str] = []
    prev = GENESIS_HASH
    expected_seq = 0
    state: Any = None
    snapshots = dict(Snapshot.objects.filter(game=game).values_list("seq", "state"))
    places = {"snapshot": set(Snapshot.objects.filter(game=game).values_list("archived", flat=True).distinct()),
              "command": set(Command.objects.filter(game=game).values_list("archived", flat=True).distinct()),
              "event": set()}
    commands = set(Command.objects.filter(game=game).values_list("pk", flat=True))
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
        places["event"].add(event.archived)
        if event.command_id is not None and event.command_id not in commands:
            problems.append(f"event {event.seq}: its command {event.command_id} is no command of this game")
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
    problems.extend(_places(game, places))
    if state is not None:
        awaiting = list(rules.awaiting(state))
        if awaiting != list(game.awaiting):
            problems.append(f"game awaits {game.awaiting} but the fold awaits {awaiting}")
        finished = not awaiting
        if finished != (game.status == Game.Status.FINISHED):
            problems.append(f"game status {game.status!r} does not match the fold (finished={finished})")
    return problems


def _places(game: Game, places: dict[str, set[bool]]) -> list[str]:
    """Problems of where the game's rows are: (by table) whether each row is archived."""
    found = set().union(*places.values())
    if len(found) > 1:
        split = ", ".join(f"{table}s {sorted(value)}" for table, value in places.items() if value)
        return [f"the log is split between the hot and the cold partition (archived: {split})"]
    if True in found and game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED):
        return [f"the log is archived but the game is {game.status}"]
    return []
