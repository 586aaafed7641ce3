"""The reads every command and every GET of a game run, written out.

Their rows are read back through config.rows: Django would spend more time compiling these statements
(correlated subqueries, joins, a dozen columns) than the database spends running them, on every request.
Called by games.services (and the deadline bookkeeping inside a command's transaction).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime

from django.db import connection

from accounts.models import User
from config.rows import columns

from .models import Absence, Command, Game, Seat


@functools.cache
def _lock_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    sql = (
        f"SELECT {columns(Game, 'g').sql}, "
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
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(connection.vendor), [user_id, user_id, key or "", game_id])
        row = cursor.fetchone()
    if row is None:
        return None
    game = columns(Game, "g").instance(row)
    game.viewer_seat, game.prior_command_id = row[-2], row[-1]  # type: ignore[attr-defined]
    return game


@functools.cache
def _game_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    return f"SELECT {columns(Game, 'g').sql} FROM {q(Game._meta.db_table)} g WHERE g.{q('id')} = %s"


def game_row(game_id: int) -> Game | None:
    """The game's row (one statement)."""
    with connection.cursor() as cursor:
        cursor.execute(_game_sql(connection.vendor), [game_id])
        row = cursor.fetchone()
    return columns(Game, "g").instance(row) if row is not None else None


SeatName = tuple[int | None, int, str]  # (seat index, user id, display name)


@functools.cache
def _seats_sql(vendor: str, with_game: bool) -> str:
    q = connection.ops.quote_name
    user = User._meta
    seats = f"s.{q('index')}, s.{q('user_id')}, u.{q('display_name')}"
    order = f"ORDER BY s.{q('index')}, s.{q('joined_at')}, s.{q('id')}"
    if not with_game:
        return (
            f"SELECT {seats} FROM {q(Seat._meta.db_table)} s "
            f"JOIN {q(user.db_table)} u ON u.{q(user.pk.column)} = s.{q('user_id')} WHERE s.{q('game_id')} = %s {order}"
        )
    # One row per seat; a game with no seat left (abandoned) is still one row, its seat columns NULL.
    return (
        f"SELECT {columns(Game, 'g').sql}, {seats} FROM {q(Game._meta.db_table)} g "
        f"LEFT JOIN {q(Seat._meta.db_table)} s ON s.{q('game_id')} = g.{q('id')} "
        f"LEFT JOIN {q(user.db_table)} u ON u.{q(user.pk.column)} = s.{q('user_id')} WHERE g.{q('id')} = %s {order}"
    )


def seat_names(game_id: int) -> list[SeatName]:
    """(index, user id, display name) of the game's seats, in seat order (then joining order)."""
    with connection.cursor() as cursor:
        cursor.execute(_seats_sql(connection.vendor, False), [game_id])
        return [(index, user_id, name) for index, user_id, name in cursor.fetchall()]


def game_and_seat_names(game_id: int) -> tuple[Game, list[SeatName]] | None:
    """The game's row and its `seat_names`, in one statement (the GET of a game)."""
    with connection.cursor() as cursor:
        cursor.execute(_seats_sql(connection.vendor, True), [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    seats = [(index, user_id, name) for *_, index, user_id, name in rows if user_id is not None]
    return columns(Game, "g").instance(rows[0]), seats


def absences_by_seat(game_id: int, seats: Sequence[int], ending_after: datetime) -> dict[int, list[tuple[datetime, datetime]]]:
    """(start, end) of the absences the players at these seats declared that end after `ending_after`, by seat
    (one statement: the deadline of every new decision asks for them)."""
    if not seats:
        return {}
    q = connection.ops.quote_name
    absence = columns(Absence, "a")
    sql = (
        f"SELECT {absence.sql}, s.{q('index')} FROM {q(Absence._meta.db_table)} a "
        f"JOIN {q(Seat._meta.db_table)} s ON s.{q('user_id')} = a.{q('user_id')} "
        f"WHERE s.{q('game_id')} = %s AND s.{q('index')} IN ({', '.join(['%s'] * len(seats))}) "
        f"AND a.{q('ends_at')} > %s ORDER BY a.{q('user_id')}, a.{q('starts_at')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id, *seats, connection.ops.adapt_datetimefield_value(ending_after)])
        rows = cursor.fetchall()
    found: dict[int, list[tuple[datetime, datetime]]] = {}
    for row in rows:
        declared = absence.instance(row)
        found.setdefault(row[-1], []).append((declared.starts_at, declared.ends_at))
    return found
