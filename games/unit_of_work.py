"""Where the store's writes go: at once, or, inside a unit of work, all together at its end.

Every new row the store, the deadlines and the hooks' subscribers write goes through `insert` (commands,
events, snapshots, seats' timeout records, outbox rows), and every game's row through `write_projection` (a compare-and-set on its version). Outside
a unit of work each is written at once. The deadline sweep plays the service's commands on a batch of games
in one transaction inside `unit_of_work()`: there the rows are kept and written when it ends, one
`bulk_create` per kind of row and one compare-and-set per game, whatever the number of commands. Nobody
who writes needs to know which it is: the writes of a command are the same calls either way.

A unit is divided into `part()`s (one game's work): a part that raises leaves none of its rows behind.

Reads go through the unit too (`read`): a read of one game is asked of a loader that answers for several
games, and a unit opened for a batch of games (`unit_of_work(game_ids)`) asks it once for all of them and
answers the batch's other games from what it kept. Outside a unit each read asks for its own game. A read
sees the writes before it: a row kept for a game makes the game's reads of its model stale, and the kept
rows of a model are written before the database is asked for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from django.db.models import Model

from .models import Game

RowsKey = tuple[type[Model], tuple[tuple[str, Any], ...]]  # the model and the bulk_create options
T = TypeVar("T")


class ProjectionConflict(RuntimeError):
    """A game's row was not at the version its commands were decided on when the unit was written."""


class UnitOfWork:
    """The rows and game rows written by the commands inside it, kept until `flush`; what was read inside it."""

    def __init__(self, game_ids: Sequence[int] = ()) -> None:
        self.game_ids = list(game_ids)  # the games the unit works on: a read for one is made for all
        # Per model and bulk_create options (in the order first used): the rows, in the order handed over.
        self._rows: dict[RowsKey, list[Model]] = {}
        self._projections: list[tuple[Game, int, tuple[str, ...]]] = []
        self._reads: dict[tuple[str, int], Any] = {}  # by (what was read, game id)
        self._read_models: dict[str, tuple[type[Model], ...]] = {}  # by what was read: the models it reads
        self._part: list[tuple[RowsKey, Model]] | None = None  # the rows handed over in the current part

    def read(self, name: str, game_id: int, load: Callable[[list[int]], Mapping[int, T]], models: tuple[type[Model], ...]) -> T:
        """What `load` answers for the game: kept from an earlier read, else loaded for it together with
        every game of the unit whose `name` is not kept (after writing the game's kept rows of `models`: a
        read sees the writes before it)."""
        key = (name, game_id)
        if key not in self._reads:
            # Another game with rows of these models kept is read when it is asked for (in its own part:
            # writing its rows here would put them in this game's savepoint).
            pending = {_game_of(row) for (model, _), rows in self._rows.items() if model in models for row in rows}
            wanted = [game_id, *(other for other in self.game_ids
                                 if other != game_id and (name, other) not in self._reads and other not in pending)]
            self._write_kept(models, game_id)
            loaded = load(wanted)
            self._read_models[name] = models
            for other in wanted:
                self._reads[name, other] = loaded[other]
        found: T = self._reads[key]
        return found

    def add(self, rows: Sequence[Model], options: dict[str, Any]) -> None:
        """Keep new rows of one model, to be written with `bulk_create(rows, **options)`; what was read of
        that model for their games is read again when asked for."""
        # (A list of field names, as `unique_fields`, is kept as a tuple, which bulk_create takes as well.)
        key = (type(rows[0]), tuple(sorted((name, tuple(v) if isinstance(v, list) else v) for name, v in options.items())))
        self._rows.setdefault(key, []).extend(rows)
        if self._part is not None:
            self._part.extend((key, row) for row in rows)
        names = [name for name, models in self._read_models.items() if key[0] in models]
        if names:
            for game_id in {_game_of(row) for row in rows}:
                for name in names:
                    self._reads.pop((name, game_id), None)

    def project(self, game: Game, old_version: int, fields: Sequence[str]) -> None:
        """Keep a compare-and-set of the game's row: these columns, if the row is still at `old_version`."""
        self._projections.append((game, old_version, tuple(fields)))

    @contextmanager
    def part(self) -> Iterator[None]:
        """One piece of the unit's work: if it raises, the rows it handed over are forgotten (and all that was
        read, which may have seen rows its savepoint takes back)."""
        self._part, outer = [], self._part
        projections = len(self._projections)
        try:
            yield
        except BaseException:
            for key, row in self._part:
                kept = self._rows[key]
                for position in range(len(kept) - 1, -1, -1):
                    if kept[position] is row:
                        del kept[position]
                        break
            del self._projections[projections:]
            self._reads.clear()
            raise
        finally:
            added, self._part = self._part, outer
            if outer is not None:
                outer.extend(added)

    def _write_kept(self, models: tuple[type[Model], ...], game_id: int) -> None:
        """Write the game's kept rows of these models now (a read of them follows)."""
        for (model, options), rows in self._rows.items():
            due = [row for row in rows if _game_of(row) == game_id] if model in models else []
            if due:
                model._default_manager.bulk_create(due, **dict(options))
                rows[:] = [row for row in rows if _game_of(row) != game_id]

    def flush(self) -> None:
        """Write what was kept: one `bulk_create` per model (in the order first used, so a row's references
        are written before it), then each game's row once, from the version its first command read to its
        columns as they are now. Raises ProjectionConflict when a game's row moved meanwhile."""
        for (model, options), rows in self._rows.items():
            if rows:
                model._default_manager.bulk_create(rows, **dict(options))
        self._rows.clear()
        by_game: dict[int, tuple[Game, int, list[str]]] = {}
        for game, old_version, fields in self._projections:
            _, first_version, written = by_game.setdefault(game.pk, (game, old_version, []))
            by_game[game.pk] = (game, first_version, written + [f for f in fields if f not in written])
        self._projections.clear()
        for game, first_version, columns in by_game.values():
            if not _compare_and_set(game, first_version, columns):
                raise ProjectionConflict(f"game {game.pk} moved on from version {first_version} meanwhile")


def _game_of(row: Model) -> int:
    """The game a row belongs to (its `game_id`; 0 for a row of no game, which no read of a game waits for)."""
    game_id: int | None = getattr(row, "game_id", None)
    return game_id or 0


_current: ContextVar[UnitOfWork | None] = ContextVar("games_unit_of_work", default=None)


@contextmanager
def unit_of_work(game_ids: Sequence[int] = ()) -> Iterator[UnitOfWork]:
    """Keep the writes made inside until the block ends, then write them (inside the caller's transaction;
    nothing is written if the block raises); answer the reads of these games together (`read`)."""
    unit = UnitOfWork(game_ids)
    token = _current.set(unit)
    try:
        yield unit
    finally:
        _current.reset(token)
    unit.flush()


@contextmanager
def part() -> Iterator[None]:
    """One piece of the current unit's work (see `UnitOfWork.part`); outside a unit, nothing to forget."""
    unit = _current.get()
    if unit is None:
        yield
    else:
        with unit.part():
            yield


def insert(rows: Sequence[Model], **options: Any) -> None:
    """Write new rows of one model (`bulk_create(rows, **options)`): at once, or with the current unit."""
    if not rows:
        return
    unit = _current.get()
    if unit is None:
        type(rows[0])._default_manager.bulk_create(rows, **options)
    else:
        unit.add(rows, options)


def read(name: str, game_id: int, load: Callable[[list[int]], Mapping[int, T]], *, models: tuple[type[Model], ...]) -> T:
    """What `load(game ids)` (a mapping with an entry for each of them) answers for one game, under a name
    unique to the read, which returns rows of `models`: inside a unit, loaded once with the unit's other
    games and kept until the unit ends or rows of those models are written for the game (the unit's kept
    rows of them are written before it reads); outside one, `load([game_id])[game_id]`."""
    unit = _current.get()
    if unit is None:
        return load([game_id])[game_id]
    return unit.read(name, game_id, load, models)


def write_projection(game: Game, old_version: int, fields: Sequence[str]) -> bool:
    """Write these columns of the game's row if it is still at `old_version` (a compare-and-set): at once,
    whether it was written; or with the current unit (True: the unit checks when it writes)."""
    unit = _current.get()
    if unit is None:
        return _compare_and_set(game, old_version, fields)
    unit.project(game, old_version, fields)
    return True


def _compare_and_set(game: Game, old_version: int, fields: Sequence[str]) -> bool:
    return Game.objects.filter(pk=game.pk, version=old_version).update(**{f: getattr(game, f) for f in fields}) == 1
