"""Resigning: what both games' rules share about a seat whose player gave up.

A player may resign a running game at any time, awaited or not (`RESIGN_SHAPE`, a command without fields).
The rules record it (each game's `player_resigned` event, folded into the state's `resigned` seats); the
game goes on with the service's bot playing that seat for good, and a resigned seat can no longer win.
When only one seat is left that has not resigned (at once in a 2-player game), the game ends by
resignation with that seat the winner (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Final

from .commands import CommandShape
from .errors import IllegalCommand

RESIGN = "resign"
"""The command type of a resignation."""

RESIGN_SHAPE = CommandShape(RESIGN)
"""The resignation command's shape (no fields: the seat is the sender's)."""

RESIGNED: Final = "player_resigned"
"""The type of the event by which each game records a resignation (public: `seat`). A resignation is final:
no takeback reaches back past it (`rules_kit.takeback`, docs/rulings.md)."""


def check_resignation(resigned: Collection[int], seat: int, players: int) -> None:
    """Raise IllegalCommand unless `seat` may resign now (a seat of the table that has not resigned)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise IllegalCommand("no_such_seat", f"there is no seat {seat} at this table")
    if seat in resigned:
        raise IllegalCommand("already_resigned", "this seat has resigned already")


def record_resignation(
    resigned: Collection[int], seat: int, players: int,
    emit_resigned: Callable[[], object], end_game: Callable[[], object],
) -> None:
    """What a resignation decides, in either game: refused unless `seat` may resign (`check_resignation`,
    `resigned` the seats that resigned before), then `emit_resigned()` (the game's recorder emitting its
    `RESIGNED` event, public `{"seat": seat}`, folded in at once); and when only one seat is left that has
    not resigned, `end_game()` (the game's own scoring, which reads its recorder's state with the
    resignation in it)."""
    check_resignation(resigned, seat, players)
    emit_resigned()
    if last_seat_standing({*resigned, seat}, players) is not None:
        end_game()


def last_seat_standing(resigned: Collection[int], players: int) -> int | None:
    """The one seat that has not resigned when all the others have (the game ends by resignation), else None."""
    left = [seat for seat in range(players) if seat not in resigned]
    return left[0] if len(left) == 1 else None


def winners_among_the_rest(
    ranked: Sequence[tuple[int, tuple[int, ...]]], resigned: Collection[int]
) -> list[int]:
    """The winners of a scored game whose resigned seats cannot win: of `ranked` ((seat, key) pairs, a
    larger key better, compared as tuples), the seats not resigned with the best key (every seat's if all resigned)."""
    standing = [(seat, key) for seat, key in ranked if seat not in resigned] or list(ranked)
    best = max(key for _seat, key in standing)
    return [seat for seat, key in standing if key == best]


def ranked_with_last(places: Sequence[int], last: Collection[int]) -> list[int]:
    """Each seat's place (1 the best) when the seats in `last` (those that resigned, or gave the game up)
    are placed last, sharing that place, and the others keep the order of `places` (the rulebook's
    standings, ties shared: 1, 1, 3) among themselves. Never past the count of seats; when every seat is
    in `last`, they all share the first place."""
    playing = [seat for seat in range(len(places)) if seat not in last]
    shared_last = len(playing) + 1
    return [
        shared_last if seat in last else 1 + sum(1 for other in playing if places[other] < places[seat])
        for seat in range(len(places))
    ]
