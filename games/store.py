"""The event store: loading a game's state (snapshot + tail), appending events with the hash chain,
taking snapshots, and checking a log. Called only by games.services and the operators' commands.
"""

from __future__ import annotations

import functools
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from accounts.models import User

from .models import Command, Event, Game, Seat, Snapshot
from .registry import GameKind, get_kind

GENESIS_HASH = "0" * 64


def canonical_json(value: Any) -> str:
    """One text per JSON value: the input of the hash chain (JSONB reorders keys, so sort them)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_hash(
    prev_hash: str, seq: int, type_: str, data: Any, actor_id: int | None, actor_seat: int | None, command_id: Any
) -> str:
    """The chained hash of one event."""
    body = canonical_json(
        {
            "seq": seq,
            "type": type_,
            "data": data,
            "actor": actor_id,
            "seat": actor_seat,
            "command": str(command_id) if command_id else None,
        }
    )
    return hashlib.sha256((prev_hash + body).encode()).hexdigest()


class _StateCache:
    """Recently used states by (game, salt, version). Safe across processes and requests because an event
    log never changes: the state at a version of a game is the same forever. Filled only after commit.

    Beside it, the states of games' heads by (game, head hash): the hash chains the whole log, so a state
    filed under it is right whatever the transaction that made it does later. These are filed at once,
    inside the transaction, so a transaction that appends and then reads again (the deadline sweep) or a
    command after a GET in the same process needs no fold."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[int, str, int], Any] = OrderedDict()
        # The newest version cached per (game, salt): a process that missed some commands (another worker
        # served them) folds only the events after it, with no snapshot read.
        self._newest: dict[tuple[int, str], int] = {}
        self._heads: OrderedDict[tuple[int, str], tuple[int, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[int, str, int]) -> Any:
        with self._lock:
            state = self._items.get(key)
            if state is not None:
                self._items.move_to_end(key)
            return state

    def newest(self, game_id: int, salt: str, at_most: int) -> tuple[int, Any]:
        """The newest cached (version, state) of a game at or before `at_most`; (0, None) if none is."""
        with self._lock:
            version = self._newest.get((game_id, salt), 0)
            state = self._items.get((game_id, salt, version)) if 0 < version <= at_most else None
            return (version, state) if state is not None else (0, None)

    def put(self, key: tuple[int, str, int], state: Any) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._items[key] = state
            self._items.move_to_end(key)
            game = (key[0], key[1])
            if self._newest.get(game, 0) < key[2]:
                self._newest[game] = key[2]
            while len(self._items) > self.size:
                (game_id, salt, _), _ = self._items.popitem(last=False)
                if (game_id, salt, self._newest.get((game_id, salt), 0)) not in self._items:
                    self._newest.pop((game_id, salt), None)

    def get_head(self, game_id: int, head_hash: str, version: int) -> Any:
        """The state of the game whose log ends at `version` with `head_hash`, or None."""
        with self._lock:
            found = self._heads.get((game_id, head_hash))
            if found is None or found[0] != version:
                return None
            self._heads.move_to_end((game_id, head_hash))
            return found[1]

    def put_head(self, game_id: int, head_hash: str, version: int, state: Any) -> None:
        if self.size <= 0 or not head_hash:
            return
        with self._lock:
            self._heads[game_id, head_hash] = (version, state)
            self._heads.move_to_end((game_id, head_hash))
            while len(self._heads) > self.size:
                self._heads.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._newest.clear()
            self._heads.clear()


state_cache = _StateCache(int(getattr(settings, "GAMES_STATE_CACHE_SIZE", 256)))


def fold(kind: GameKind, state: Any, datas: Iterable[dict[str, Any]]) -> Any:
    """Apply encoded events to a state (None: from the beginning)."""
    rules = kind.rules
    for data in datas:
        state = rules.evolve(state, rules.decode(data))
    return state


def load_state(game: Game, at: int | None = None, *, use_snapshots: bool = True, use_cache: bool = True) -> Any:
    """The state after event `at` (default: the current version): latest snapshot at or before it + tail."""
    kind = get_kind(game.kind)
    target = game.version if at is None else at
    if target <= 0:
        return None
    key = (game.pk, game.rng_salt, target)
    at_head = target == game.version and bool(game.head_hash)
    if use_cache:
        cached = state_cache.get_head(game.pk, game.head_hash, target) if at_head else None
        if cached is None:
            cached = state_cache.get(key)
        if cached is not None:
            return cached
    state: Any = None
    start = 0
    if use_cache:
        start, state = state_cache.newest(game.pk, game.rng_salt, target)
    every = int(settings.GAMES_SNAPSHOT_EVERY)
    if (state is None or target - start > every) and use_snapshots and kind.supports_snapshots():
        snapshot = (
            Snapshot.objects.filter(game=game, seq__lte=target).order_by("-seq").values_list("seq", "state").first()
        )
        if snapshot is not None and snapshot[0] > start:
            start, dumped = snapshot
            state = kind.rules.load_state(dumped)  # type: ignore[attr-defined]
    tail = Event.objects.filter(game=game, seq__gt=start, seq__lte=target).order_by("seq").values_list("data", flat=True)
    state = fold(kind, state, tail.iterator(chunk_size=2000))
    if use_cache and transaction.get_autocommit():
        state_cache.put(key, state)
    if use_cache and at_head:
        state_cache.put_head(game.pk, game.head_hash, target, state)
    return state


def append(
    game: Game,
    state: Any,
    events: list[Any],
    *,
    actor_id: int | None,
    actor_seat: int | None,
    command_id: Any = None,
    now: datetime | None = None,
) -> tuple[list[Event], Any]:
    """Insert events after `game.version` (inside the caller's transaction) and return them with the new state.

    The UNIQUE(game, seq) constraint refuses a second writer at the same version; the caller's version check
    on the game row (`advance`) refuses it too. Snapshots are taken every GAMES_SNAPSHOT_EVERY events.
    """
    kind = get_kind(game.kind)
    rules = kind.rules
    now = now or timezone.now()
    prev = game.head_hash or GENESIS_HASH
    rows: list[Event] = []
    seq = game.version
    for event in events:
        seq += 1
        data = rules.encode(event)
        type_ = str(data.get("type", type(event).__name__))[:64]
        digest = event_hash(prev, seq, type_, data, actor_id, actor_seat, command_id)
        rows.append(
            Event(
                game_id=game.pk,
                seq=seq,
                type=type_,
                data=data,
                actor_id=actor_id,
                actor_seat=actor_seat,
                command_id=command_id,
                created_at=now,
                prev_hash=prev,
                hash=digest,
            )
        )
        prev = digest
        state = rules.evolve(state, event)
    Event.objects.bulk_create(rows)
    every = int(settings.GAMES_SNAPSHOT_EVERY)
    if every > 0 and kind.supports_snapshots() and game.version // every != seq // every:
        Snapshot.objects.create(game_id=game.pk, seq=seq, state=rules.dump_state(state))  # type: ignore[attr-defined]
    key = (game.pk, game.rng_salt, seq)
    state_cache.put_head(game.pk, prev, seq, state)
    transaction.on_commit(lambda: state_cache.put(key, state))
    return rows, state


# --- the command's two statements on the game's row -------------------------------------------------
# Written out: Django would spend more time compiling them (two correlated subqueries; eleven columns)
# than the database spends running them, on every command.


@functools.cache
def _lock_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    sql = (
        f"SELECT g.*, "
        f"(SELECT s.{q('index')} FROM {q(Seat._meta.db_table)} s WHERE s.{q('game_id')} = g.{q('id')} "
        f"AND s.{q('user_id')} = %s) AS viewer_seat, "
        f"(SELECT c.{q('id')} FROM {q(Command._meta.db_table)} c WHERE c.{q('game_id')} = g.{q('id')} "
        f"AND c.{q('user_id')} = %s AND c.{q('idempotency_key')} = %s) AS prior_command_id "
        f"FROM {q(Game._meta.db_table)} g WHERE g.{q('id')} = %s"
    )
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE OF g" if connection.features.has_select_for_update_of else " FOR UPDATE"
    return sql


def lock_for_command(game_id: int, user_id: int, key: str | None) -> Game | None:
    """The game's row, locked until the end of the transaction, with the user's seat (`viewer_seat`, None if
    they have none) and the id of their command with this idempotency key (`prior_command_id`): one statement."""
    rows = list(Game.objects.raw(_lock_sql(connection.vendor), [user_id, user_id, key or "", game_id]))
    return rows[0] if rows else None


def game_row(game_id: int) -> Game | None:
    """The game's row (the GET of a game: one statement, as its state comes from the process's cache)."""
    q = connection.ops.quote_name
    rows = list(Game.objects.raw(f"SELECT * FROM {q(Game._meta.db_table)} WHERE {q('id')} = %s", [game_id]))
    return rows[0] if rows else None


def seat_names(game_id: int) -> list[tuple[int | None, int, str]]:
    """(index, user id, display name) of the game's seats, in seat order (then joining order)."""
    q = connection.ops.quote_name
    user = User._meta
    sql = (
        f"SELECT s.{q('index')}, s.{q('user_id')}, u.{q('display_name')} FROM {q(Seat._meta.db_table)} s "
        f"JOIN {q(user.db_table)} u ON u.{q(user.pk.column)} = s.{q('user_id')} "
        f"WHERE s.{q('game_id')} = %s ORDER BY s.{q('index')}, s.{q('joined_at')}, s.{q('id')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        return [(index, user_id, name) for index, user_id, name in cursor.fetchall()]


def write_projection(game: Game, old_version: int, fields: Sequence[str], now: datetime) -> bool:
    """Write these columns of the game's row (and `updated_at`) in one UPDATE, if the row is still at
    `old_version` (a compare-and-set: the second guard, after the row lock, against two writers)."""
    game.updated_at = now
    by_name = {field.name: field for field in Game._meta.concrete_fields}
    columns = [by_name[name] for name in (*fields, "updated_at")]
    q = connection.ops.quote_name
    sql = (
        f"UPDATE {q(Game._meta.db_table)} SET {', '.join(f'{q(c.column)} = %s' for c in columns)} "
        f"WHERE {q('id')} = %s AND {q('version')} = %s"
    )
    values = [c.get_db_prep_save(getattr(game, c.attname), connection) for c in columns]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, game.pk, old_version])
        return bool(cursor.rowcount == 1)


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
        if event.seq in snapshots and kind.supports_snapshots():
            # A snapshot of an older format is compared in the current one (load_state upcasts it).
            try:
                stored = rules.dump_state(rules.load_state(snapshots[event.seq]))  # type: ignore[attr-defined]
            except Exception as exc:  # an unreadable snapshot is exactly what this check reports
                problems.append(f"snapshot at {event.seq} cannot be loaded: {exc}")
                continue
            if canonical_json(rules.dump_state(state)) != canonical_json(stored):  # type: ignore[attr-defined]
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
