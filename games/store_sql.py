"""The event store's hand-written SQL: the statements whose ORM form cost too much, each with the
measurement beside it. Everything else in the store goes through the ORM."""

from __future__ import annotations

import functools
import json
import uuid
from collections.abc import Container, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import connection

from accounts.models import User

from .models import Command, Event, Game, Seat


def events_in(
    windows: Iterable[tuple[int, int, int]], by_service: bool = False, hot: Container[int] = frozenset()
) -> list[tuple[Any, ...]]:
    """The events of several games in one statement: of each window (game id, after, upto) the events with
    after < seq <= upto, as (game id, seq, data), with `by_service` also whether the service played the
    command that wrote each (`Command.by_service`; False for events of no command); ordered by game and seq.
    The games of `hot` are read in the hot partition only (`store.in_play`: no row of theirs is archived);
    when every window's game is, PostgreSQL reads no cold index at all.

    Written-out SQL: the ORM's form of this statement (a Q per window) cost ten times its CPU, mostly in
    compiling the ranges, on the outbox's path (every batch of mails reads its events here). A game's state
    reads its tail here too (`store.load_state`): 146 against 552 µs of CPU for the ORM's form of a tail of
    two events, the read that about every GET and POST of the command path makes."""
    windows = list(windows)
    if not windows:
        return []
    sql, params = events_statement(windows, by_service, hot)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    # JSON arrives as text from both backends (Django has psycopg leave it so, for its JSONField); SQLite's
    # booleans as 0/1, and an event of no command has none.
    return [
        (game_id, seq, json.loads(data) if isinstance(data, str) else data, *(bool(flag) for flag in rest))
        for game_id, seq, data, *rest in rows
    ]


def events_statement(
    windows: list[tuple[int, int, int]], by_service: bool = False, hot: Container[int] = frozenset()
) -> tuple[str, list[int]]:
    """`events_in`'s statement and its parameters (tests/games/test_archive_postgres.py explains it)."""
    q = connection.ops.quote_name
    event, command = Event._meta, Command._meta
    columns = f"e.{q('game_id')}, e.{q('seq')}, e.{q('data')}"
    source = f"{q(event.db_table)} e"
    if by_service:
        columns += f", c.{q('by_service')}"
        # An event and its command are in the same partition (the key (command, archived) of migration 0019):
        # for games in play alone, the hot one, named so that PostgreSQL prunes the cold one from the plan.
        partition = "false" if all(game_id in hot for game_id, _, _ in windows) else f"e.{q('archived')}"
        source += (f" LEFT JOIN {q(command.db_table)} c ON c.{q(command.pk.column)} = e.{q('command_id')}"
                   f" AND c.{q('archived')} = {partition}")
    window = f"e.{q('game_id')} = %s AND e.{q('seq')} > %s AND e.{q('seq')} <= %s"
    where = " OR ".join(f"({window} AND NOT e.{q('archived')})" if game_id in hot else f"({window})"
                        for game_id, _, _ in windows)
    sql = f"SELECT {columns} FROM {source} WHERE {where} ORDER BY e.{q('game_id')}, e.{q('seq')}"
    return sql, [value for window in windows for value in window]


Tail = list[tuple[int, Any]]  # (seq, data) of events, in order


@functools.cache
def _tail_column(vendor: str) -> str:
    """The column `tail` of a game's row `g`: its events with after < seq <= upto (two parameters) as one
    JSON array of [seq, data], in no order (NULL or [] for none; after NULL: none), read in the hot partition
    only (an archived game's tail is empty, and its state is read by `store.load_state`). A process that holds
    the game's state at `after` gets what it lacks with the row, not by a statement of its own
    (`store.game_for_command`, `store.game_with_seat_names`). Built once per database `vendor`, as the
    statements that use it."""
    q = connection.ops.quote_name
    aggregate, array, data = (("json_agg", "json_build_array", f"e.{q('data')}") if vendor == "postgresql"
                              else ("json_group_array", "json_array", f"json(e.{q('data')})"))
    return (f"(SELECT {aggregate}({array}(e.{q('seq')}, {data})) FROM {q(Event._meta.db_table)} e "
            f"WHERE e.{q('game_id')} = g.{q('id')} AND e.{q('seq')} > %s AND e.{q('seq')} <= %s "
            f"AND NOT e.{q('archived')}) AS tail")


def _tail(game: Game) -> Tail:
    """The `tail` column taken off the row again, in order."""
    text = vars(game).pop("tail")
    found = (json.loads(text) if isinstance(text, str) else text) or []
    return sorted((int(seq), data) for seq, data in found)


def _window(after: int | None, most: int) -> list[int | None]:
    """The `tail` column's two parameters: after `after`, at most `most` events (none for no `after`)."""
    return [after, None if after is None else after + most]


@dataclass(frozen=True)
class CommandTarget:
    """What a command needs first: the game's row (locked), whether the user has a seat and its index (None
    before the start), the id of the user's earlier command in the game with the same idempotency key, and
    the events after the version asked for (`tail`)."""

    game: Game
    seated: bool
    seat: int | None
    prior_id: uuid.UUID | None
    tail: Tail = field(default_factory=list)


def _game_columns() -> str:
    """The columns of a game's row `g`, in the order of its model's fields."""
    q = connection.ops.quote_name
    return ", ".join(f"g.{q(field.column)}" for field in Game._meta.concrete_fields)


@functools.cache
def _command_statement(vendor: str) -> str:
    """`game_for_command`'s statement, built once per database `vendor` (its text never changes, and
    building it took about 1 % of the instructions of a GET + POST of the command path, callgrind)."""
    q = connection.ops.quote_name
    game, seat, command = Game._meta, Seat._meta, Command._meta
    sql = (
        f"SELECT {_game_columns()}, s.{q('index')} AS seat_index, s.{q('id')} IS NOT NULL AS seated, "
        f"c.{q('id')} AS prior_id, {_tail_column(vendor)} FROM {q(game.db_table)} g "
        f"LEFT JOIN {q(seat.db_table)} s ON s.{q('game_id')} = g.{q('id')} AND s.{q('user_id')} = %s "
        f"LEFT JOIN {q(command.db_table)} c ON c.{q('game_id')} = g.{q('id')} AND c.{q('user_id')} = %s "
        f"AND c.{q('idempotency_key')} = %s AND NOT c.{q('archived')} WHERE g.{q('id')} = %s"
    )
    if connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF g"
    return sql


def game_for_command(
    game_id: int, user_id: int, key: str, after: int | None = None, most: int = 0
) -> CommandTarget | None:
    """The game's row, locked until the end of the transaction (PostgreSQL: `FOR UPDATE OF` the game alone;
    SQLite's IMMEDIATE transaction holds the whole database already), with the user's seat, their command
    with the idempotency key `key` (in the hot partition: `store.game_for_command` looks for it in the cold one
    when the game is archived) and at most `most` events after `after`: one statement; None if there is
    no such game. (The events are those of the statement's snapshot: after a wait for the lock, they may
    end before the row's version.)

    Written-out SQL: the ORM's form is two statements (`select_for_update(of=("self",))` on the game, the seat
    with the command as a subquery) whose compiling costs 4.2 ms of CPU against 0.8 ms for this one through
    `Game.objects.raw` (300 runs each in one process, machine load 13; unloaded about a third of both): about
    12% of the CPU of a GET + POST of the command path (27 ms at that load, `benchmarks/profile_command.py`)."""
    sql = _command_statement(connection.vendor)
    found = list(Game.objects.raw(sql, [*_window(after, most), user_id, user_id, key, game_id]))
    if not found:
        return None
    row = found[0]
    extra = vars(row)  # RawQuerySet sets the columns that are no field as attributes: taken off again
    prior = extra.pop("prior_id")
    return CommandTarget(row, bool(extra.pop("seated")), extra.pop("seat_index"),
                         None if prior is None else uuid.UUID(str(prior)), _tail(row))


SeatName = tuple[int | None, int, str | None]  # (seat index, user id, display name; None: a deleted account)


@dataclass(frozen=True)
class GameWithSeats:
    """A game's row, its seats' (index, user id, display name) and the events after the version asked for."""

    game: Game
    seats: list[SeatName]
    tail: Tail


@functools.cache
def _seat_names_statement(vendor: str) -> str:
    """`game_with_seat_names`'s statement, built once per database `vendor` (as `_command_statement`)."""
    q = connection.ops.quote_name
    seat, user = Seat._meta, User._meta
    # The seats as one JSON array of [index, user id, name, deleted, joined at, seat id]: the same functions
    # under other names in the two databases; sorted here, since SQLite's aggregate takes no ORDER BY.
    aggregate, array = (("json_agg", "json_build_array") if vendor == "postgresql"
                        else ("json_group_array", "json_array"))
    seats = (
        f"(SELECT {aggregate}({array}(s.{q('index')}, s.{q('user_id')}, u.{q('display_name')}, "
        f"u.{q('deleted_at')} IS NOT NULL, s.{q('joined_at')}, s.{q('id')})) "
        f"FROM {q(seat.db_table)} s JOIN {q(user.db_table)} u ON u.{q(user.pk.column)} = s.{q('user_id')} "
        f"WHERE s.{q('game_id')} = g.{q('id')}) AS seat_rows"
    )
    return (f"SELECT {_game_columns()}, {seats}, {_tail_column(vendor)} FROM {q(Game._meta.db_table)} g "
            f"WHERE g.{q('id')} = %s")


def game_with_seat_names(game_id: int, after: int | None = None, most: int = 0) -> GameWithSeats | None:
    """The game's row with (index, user id, display name) of its seats in seat order (then joining order, as
    PostgreSQL sorts: unnumbered seats last), the name None for a deleted account, and at most `most` events
    after `after`: one statement; None if there is no such game. The GET of a game reads this
    (`store.game_with_seat_names`).

    Written-out SQL, measured again (issue 37): the ORM's one-statement form (the seats and the tail as
    `Subquery` annotations of a JSON aggregate of `JSONArray`) costs 1,100 µs of CPU without a tail and
    1,500-1,700 µs with one, against 215-300 µs for this one through `Game.objects.raw` (1,000 reads each in
    one process, PostgreSQL, machine load 1-2); its two-statement form (`Game.objects.get`, then
    `selectors.seat_names`) 955-1,090 µs, and it loses the tail. On the command path the one-statement ORM
    form made a GET + POST take 5.96-6.54 ms of CPU against 4.72-5.44 ms (in-process, 400 commands, no
    profiler, 3 runs each, paired: +20 to +26 %), and under `benchmarks/profile_command.py` 13.4-13.6
    against 9.9-11.0 ms (+29 %): over the 10 % rule. (The 5 % before set the two-statement form's 740 µs
    against a GET + POST of 13 ms, measured on a busier machine.) It moved the
    figure of `benchmarks/api.py` with the state's tail (`store.load_state`) from 0.49 to 0.52-0.57 of the
    minimal app's (docs/architecture.md)."""
    found = list(Game.objects.raw(_seat_names_statement(connection.vendor), [*_window(after, most), game_id]))
    if not found:
        return None
    game = found[0]
    rows = vars(game).pop("seat_rows")  # (a column that is no field: taken off the model again)
    rows = (json.loads(rows) if isinstance(rows, str) else rows) or []
    rows.sort(key=lambda r: (r[0] is None, r[0] or 0, r[4], r[5]))
    names = [(index, user_id, None if deleted else name) for index, user_id, name, deleted, _, _ in rows]
    return GameWithSeats(game, names, _tail(game))
