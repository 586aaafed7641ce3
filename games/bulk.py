"""Commands on many games in one transaction, written together at its end (the deadline sweep).

A `Bulk` travels in the hooks' notices (`EventsAppended.bulk`, ...). Whoever writes rows for one of its
games hands them over (`defer`) instead of writing them; `write` then makes one statement per kind of row
for all its games. Subscribers read what they need for all its games at once: the seats with their users
(`seats`), which seats the bot plays at once (`absent`: the enforcement keeps that current as it marks
seats absent), anything else through `load`. Work on one game that fails is dropped (`drop`) and leaves the
other games' work whole.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any, TypeVar

from django.db import transaction

from .models import Seat, SeatPresence

T = TypeVar("T")
Writer = Callable[[list[Any]], None]


class Bulk:
    """Deferred writes and shared reads of the commands on these games (whose rows the caller has locked)."""

    def __init__(self, game_ids: Iterable[int], absent: dict[int, set[int]] | None = None) -> None:
        self.game_ids = list(game_ids)
        self._absent = absent
        self._seats: dict[int, list[Seat]] | None = None
        self._loaded: dict[Callable[[Bulk], Any], Any] = {}
        # Per writer (in the order first used), per game (in the order first used): the rows it writes.
        self._rows: dict[Writer, dict[int, list[Any]]] = {}
        self._after_commit: dict[int, list[Callable[[], None]]] = {}

    def load(self, loader: Callable[[Bulk], T]) -> T:
        """`loader(bulk)`, read once for all the games (the same value on every later call)."""
        if loader not in self._loaded:
            self._loaded[loader] = loader(self)
        value: T = self._loaded[loader]
        return value

    def seats(self, game_id: int) -> list[Seat]:
        """The game's seats in seat order, with their users (read for all the games at once)."""
        if self._seats is None:
            self._seats = {game_id: [] for game_id in self.game_ids}
            for seat in Seat.objects.filter(game_id__in=self.game_ids, index__isnull=False).select_related("user"):
                self._seats[seat.game_id].append(seat)
        return self._seats.get(game_id, [])

    def absent(self, game_id: int) -> set[int]:
        """The game's seats that the bot plays at once (marked absent after too many timeouts), as of now."""
        if self._absent is None:
            self._absent = {game_id: set() for game_id in self.game_ids}
            for game, seat in SeatPresence.objects.filter(
                game_id__in=self.game_ids, absent_since__isnull=False
            ).values_list("game_id", "seat"):
                self._absent[game].add(seat)
        return self._absent.setdefault(game_id, set())

    def defer(self, game_id: int, write: Writer, rows: Iterable[Any]) -> None:
        """Rows of one game that `write(rows)` writes, with the other games' rows, when the bulk is written."""
        self._rows.setdefault(write, {}).setdefault(game_id, []).extend(rows)

    def on_commit(self, game_id: int, callback: Callable[[], None]) -> None:
        """`callback` after the transaction commits, if this game's work is written."""
        self._after_commit.setdefault(game_id, []).append(callback)

    def drop(self, game_id: int) -> None:
        """Forget everything deferred for this game (its work failed)."""
        for by_game in self._rows.values():
            by_game.pop(game_id, None)
        self._after_commit.pop(game_id, None)

    def write(self, game_ids: Collection[int] | None = None) -> None:
        """Write what was deferred for these games (all by default): one call of each writer, in the order
        the writers were first used, with the rows game by game in the order they were handed over."""
        wanted = set(self.game_ids if game_ids is None else game_ids)
        for write, by_game in self._rows.items():
            rows = [row for game_id, rows in by_game.items() if game_id in wanted for row in rows]
            if rows:
                write(rows)
        for game_id, callbacks in self._after_commit.items():
            if game_id in wanted:
                for callback in callbacks:
                    transaction.on_commit(callback)
