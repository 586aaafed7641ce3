"""Where the store's writes go: at once, or, inside a unit of work, all together at its end.

Every new row the store and the hooks' subscribers write goes through `insert` (commands, events, snapshots,
outbox rows), and every game's row through `write_projection` (a compare-and-set on its version). Outside
a unit of work each is written at once. The deadline sweep plays the service's commands on a batch of games
in one transaction inside `unit_of_work()`: there the rows are kept and written when it ends, one
`bulk_create` per kind of row and one compare-and-set per game, whatever the number of commands. Nobody
who writes needs to know which it is: the writes of a command are the same calls either way.

A unit is divided into `part()`s (one game's work): a part that raises leaves none of its rows behind.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db.models import Model

from .models import Game

RowsKey = tuple[type[Model], tuple[tuple[str, Any], ...]]  # the model and the bulk_create options


class ProjectionConflict(RuntimeError):
    """A game's row was not at the version its commands were decided on when the unit was written."""


class UnitOfWork:
    """The rows and game rows written by the commands inside it, kept until `flush`."""

    def __init__(self) -> None:
        # Per model and bulk_create options (in the order first used): the rows, in the order handed over.
        self._rows: dict[RowsKey, list[Model]] = {}
        self._projections: list[tuple[Game, int, tuple[str, ...]]] = []

    def add(self, rows: Sequence[Model], options: dict[str, Any]) -> None:
        """Keep new rows of one model, to be written with `bulk_create(rows, **options)`."""
        self._rows.setdefault((type(rows[0]), tuple(sorted(options.items()))), []).extend(rows)

    def project(self, game: Game, old_version: int, fields: Sequence[str]) -> None:
        """Keep a compare-and-set of the game's row: these columns, if the row is still at `old_version`."""
        self._projections.append((game, old_version, tuple(fields)))

    @contextmanager
    def part(self) -> Iterator[None]:
        """One piece of the unit's work: if it raises, the rows it handed over are forgotten."""
        rows = {key: len(kept) for key, kept in self._rows.items()}
        projections = len(self._projections)
        try:
            yield
        except BaseException:
            for key in list(self._rows):
                if key in rows:
                    del self._rows[key][rows[key]:]
                else:
                    del self._rows[key]
            del self._projections[projections:]
            raise

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


_current: ContextVar[UnitOfWork | None] = ContextVar("games_unit_of_work", default=None)


@contextmanager
def unit_of_work() -> Iterator[UnitOfWork]:
    """Keep the writes made inside until the block ends, then write them (inside the caller's transaction;
    nothing is written if the block raises)."""
    unit = UnitOfWork()
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
