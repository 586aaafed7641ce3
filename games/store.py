"""The event store: loading a game's state (snapshot + tail), appending events with the hash chain,
taking snapshots, writing the projection columns (checking a log: `integrity`). Called by games.services
and the operators' commands. Its writes go through `unit_of_work` (at once, or batched by the deadline
sweep); its hand-written SQL is in `store_sql`.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import json
import operator
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from . import store_sql, unit_of_work
from .models import Command, Event, Game, Snapshot
from .registry import get_kind
from .store_sql import CommandTarget, GameWithSeats, Tail, events_in
from .unit_of_work import insert

__all__ = ["GENESIS_HASH", "append", "canonical_json", "event_hash", "events_in", "game_for_command",
           "game_with_seat_names", "hot_rows", "in_play", "load_state", "load_states", "state_cache",
           "write_projection"]

GENESIS_HASH = "0" * 64
IN_PLAY = (Game.Status.OPEN, Game.Status.ACTIVE)


def in_play(game: Game) -> bool:
    """Whether every row of the game's log is in the hot partition for certain: an open or active game.
    `games.archive` moves only ended games, which never take a command again; the reads of a game in play
    name the hot partition (`archived = false`), so that PostgreSQL prunes the cold one from the plan."""
    return game.status in IN_PLAY


def hot_rows(game: Game) -> dict[str, bool]:
    """The filter of a game's rows (events, commands, snapshots) that keeps a read of a game in play in the hot
    partition: `Event.objects.filter(game=game, **hot_rows(game))`; none for an ended game."""
    return {"archived": False} if in_play(game) else {}


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
        # The newest version cached per game (with the game's salt): a process that missed some commands
        # (another worker served them) folds only the events after it, with no snapshot read.
        self._newest: dict[int, tuple[str, int]] = {}
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
            newest_salt, version = self._newest.get(game_id, (salt, 0))
            state = self._items.get((game_id, salt, version)) if newest_salt == salt and 0 < version <= at_most else None
            return (version, state) if state is not None else (0, None)

    def newest_version(self, game_id: int) -> int | None:
        """The newest version of the game this cache holds (under whatever salt), if any."""
        with self._lock:
            found = self._newest.get(game_id)
            return found[1] if found is not None else None

    def put(self, key: tuple[int, str, int], state: Any) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._items[key] = state
            self._items.move_to_end(key)
            game_id, salt, version = key
            newest = self._newest.get(game_id)
            if newest is None or newest[0] != salt or newest[1] < version:
                self._newest[game_id] = (salt, version)
            while len(self._items) > self.size:
                (game_id, salt, _), _ = self._items.popitem(last=False)
                newest = self._newest.get(game_id)
                if newest is not None and (game_id, *newest) not in self._items:
                    del self._newest[game_id]

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


state_cache = _StateCache(int(settings.GAMES_STATE_CACHE_SIZE))


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
    if (state is None or target - start > every) and use_snapshots:
        snapshot = (
            Snapshot.objects.filter(game=game, seq__lte=target, **hot_rows(game)).order_by("-seq")
            .values_list("seq", "state").first()
        )
        if snapshot is not None and snapshot[0] > start:
            start, dumped = snapshot
            state = kind.rules.load_state(dumped)
    if use_snapshots:
        # The tail is short (at most GAMES_SNAPSHOT_EVERY events): one statement, the store's read of events
        # between versions (`events_in`, also the outbox's), not a server-side cursor (DECLARE, FETCH, CLOSE).
        hot = {game.pk} if in_play(game) else set()
        tail: Iterable[Any] = [data for _, _, data in events_in([(game.pk, start, target)], hot=hot)]
    else:  # a fold from the first event streams in chunks
        tail = (Event.objects.filter(game=game, seq__gt=start, seq__lte=target, **hot_rows(game)).order_by("seq")
                .values_list("data", flat=True).iterator(chunk_size=2000))
    state = kind.fold(state, tail)
    if use_cache and transaction.get_autocommit():
        state_cache.put(key, state)
    if use_cache and at_head:
        state_cache.put_head(game.pk, game.head_hash, target, state)
    return state


def game_for_command(game_id: int, user_id: int, key: str) -> CommandTarget | None:
    """`store_sql.game_for_command` (the game's row, locked, with what a command needs first), with the events
    this process's state cache lacks of the game read in the same statement and folded into it."""
    after = state_cache.newest_version(game_id)
    target = store_sql.game_for_command(game_id, user_id, key, after, int(settings.GAMES_SNAPSHOT_EVERY))
    if target is not None:
        _fold_tail(target.game, after, target.tail)
        if target.prior_id is None and not in_play(target.game):
            # The statement looks in the hot partition only: an archived game's command (a late retry of
            # one) is found in the cold one. An ended game takes no new command, so this costs it alone.
            prior = (Command.objects.filter(game_id=game_id, user_id=user_id, idempotency_key=key)
                     .values_list("pk", flat=True).first())
            if prior is not None:
                target = dataclasses.replace(target, prior_id=prior)
    return target


def game_with_seat_names(game_id: int) -> GameWithSeats | None:
    """`store_sql.game_with_seat_names` (the game's row and its seats' names), with the events this process's
    state cache lacks of the game read in the same statement and folded into it."""
    after = state_cache.newest_version(game_id)
    found = store_sql.game_with_seat_names(game_id, after, int(settings.GAMES_SNAPSHOT_EVERY))
    if found is not None:
        _fold_tail(found.game, after, found.tail)
    return found


def _fold_tail(game: Game, after: int | None, tail: Tail) -> None:
    """File the game's state at its row's version, from the cached state at `after` and the events after it,
    if they are all there (a statement that waited for the row's lock saw the events of its own snapshot
    only); `load_state` then finds it. Why: the two or more web processes take turns on a game, so about
    every other GET and POST found its process a command or two behind and read the tail by a statement of
    its own (benchmarks/api.py: 0.6 such statements per GET + POST)."""
    if after is None or not tail or [seq for seq, _ in tail] != list(range(after + 1, game.version + 1)):
        return
    start, state = state_cache.newest(game.pk, game.rng_salt, after)
    if start != after or state is None:
        return
    state = get_kind(game.kind).fold(state, (data for _, data in tail))
    if transaction.get_autocommit():  # as in load_state: read outside a transaction, the state is committed
        state_cache.put((game.pk, game.rng_salt, game.version), state)
    state_cache.put_head(game.pk, game.head_hash, game.version, state)


def load_states(wanted: Iterable[tuple[Game, int]]) -> dict[tuple[int, int], Any]:
    """The states of several games at several versions (e.g. the emails of a batch), by (game id, version).

    What the cache holds is taken from it; each other game is folded once, forward through its versions,
    from the newest cached state or snapshot before the lowest: one query for the snapshots' positions,
    one for their states and one for the events of all games, however many games and versions."""
    versions: dict[int, set[int]] = {}
    games: dict[int, Game] = {}
    for game, version in wanted:
        if version > 0:
            games[game.pk] = game
            versions.setdefault(game.pk, set()).add(version)
    found: dict[tuple[int, int], Any] = {}
    missing: dict[int, list[int]] = {}
    for game_id, wanted_versions in versions.items():
        salt = games[game_id].rng_salt
        for version in sorted(wanted_versions):
            state = state_cache.get((game_id, salt, version))
            if state is None:
                missing.setdefault(game_id, []).append(version)
            else:
                found[game_id, version] = state
    starts = {game_id: state_cache.newest(game_id, games[game_id].rng_salt, todo[0]) for game_id, todo in missing.items()}
    starts.update(_snapshots_before(games, missing, starts))
    tails: dict[int, list[dict[str, Any]]] = {game_id: [] for game_id in missing}
    hot = {game_id for game_id in missing if in_play(games[game_id])}
    windows = [(game_id, starts[game_id][0], todo[-1]) for game_id, todo in missing.items()]
    for game_id, _seq, data in events_in(windows, hot=hot):
        tails[game_id].append(data)
    keep = transaction.get_autocommit()  # as in load_state: only what no rollback can take back
    for game_id, todo in missing.items():
        game, (seq, state) = games[game_id], starts[game_id]
        kind, tail = get_kind(game.kind), iter(tails[game_id])
        for version in todo:
            state, seq = kind.fold(state, itertools.islice(tail, version - seq)), version
            found[game_id, version] = state
            if keep:
                state_cache.put((game_id, game.rng_salt, version), state)
            if version == game.version:  # as in load_state: the head's state is right whatever happens next
                state_cache.put_head(game_id, game.head_hash, version, state)
    return found


def _snapshots_before(
    games: dict[int, Game], missing: dict[int, list[int]], starts: dict[int, tuple[int, Any]]
) -> dict[int, tuple[int, Any]]:
    """For the games that need it (as `load_state` decides), the newest snapshot at or before the lowest
    missing version, if it is nearer than the start found in the cache: (seq, state) by game id."""
    every = int(settings.GAMES_SNAPSHOT_EVERY)
    wanted = {
        game_id: todo[0] for game_id, todo in missing.items()
        if starts[game_id][1] is None or todo[0] - starts[game_id][0] > every
    }
    if not wanted:
        return {}
    best: dict[int, int] = {}
    hot = {"archived": False} if all(in_play(games[game_id]) for game_id in wanted) else {}
    for game_id, seq in Snapshot.objects.filter(game_id__in=wanted, **hot).values_list("game_id", "seq"):
        if starts[game_id][0] < seq <= wanted[game_id] and seq > best.get(game_id, 0):
            best[game_id] = seq
    if not best:
        return {}
    chosen = Snapshot.objects.filter(functools.reduce(operator.or_, (Q(game_id=g, seq=s) for g, s in best.items())),
                                     **hot)
    return {
        game_id: (seq, get_kind(games[game_id].kind).rules.load_state(dumped))
        for game_id, seq, dumped in chosen.values_list("game_id", "seq", "state")
    }


def append(
    game: Game,
    state: Any,
    events: list[Any],
    *,
    command: Command | None,
    actor_id: int | None,
    actor_seat: int | None,
    now: datetime,
) -> tuple[list[Event], Any]:
    """Insert the (new) command and its events after `game.version`, inside the caller's transaction,
    and return the events' rows with the state after them.

    The UNIQUE(game, seq) constraint refuses a second writer at the same version, as does the compare-and-set
    of `write_projection`. Snapshots are taken every GAMES_SNAPSHOT_EVERY events."""
    kind = get_kind(game.kind)
    rules = kind.rules
    prev = game.head_hash or GENESIS_HASH
    command_id = command.pk if command is not None else None
    rows: list[Event] = []
    for seq, event in enumerate(events, start=game.version + 1):
        data = rules.encode(event)
        type_ = str(data.get("type", type(event).__name__))[:64]
        digest = event_hash(prev, seq, type_, data, actor_id, actor_seat, command_id)
        rows.append(Event(game_id=game.pk, seq=seq, type=type_, data=data, actor_id=actor_id, actor_seat=actor_seat,
                          command_id=command_id, created_at=now, prev_hash=prev, hash=digest))
        prev = digest
    if command is not None:
        insert([command])
    insert(rows)
    if events:
        state = rules.fold(events, state)
    version = game.version + len(rows)
    every = int(settings.GAMES_SNAPSHOT_EVERY)
    if every > 0 and game.version // every != version // every:
        insert([Snapshot(game_id=game.pk, seq=version, state=rules.dump_state(state))])
    _remember(game, prev, version, state)
    return rows, state


def _remember(game: Game, head_hash: str, version: int, state: Any) -> None:
    """File the state of the game's head at `version` in the process's cache: under its head hash at once,
    under its version once the transaction commits."""
    key = (game.pk, game.rng_salt, version)
    state_cache.put_head(game.pk, head_hash, version, state)
    transaction.on_commit(lambda: state_cache.put(key, state))


def write_projection(game: Game, old_version: int, fields: Sequence[str], now: datetime) -> bool:
    """Write these columns of the game's row (and `updated_at`) in one UPDATE, if the row is still at
    `old_version` (a compare-and-set: the second guard, after the row lock, against two writers); inside a
    unit of work, when it ends (`games.unit_of_work`)."""
    game.updated_at = now
    return unit_of_work.write_projection(game, old_version, (*fields, "updated_at"))
