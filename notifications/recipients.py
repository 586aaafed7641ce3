"""A game's seats as the outbox writers need them, in one written-out statement.

Each seat with its user, the user's preferences (none: the defaults) and whether the bot plays the seat
(`absent`). This runs inside the command's transaction whenever a turn passes; the ORM's form of it (two
levels of select_related and an EXISTS annotation) costs more to compile than the database spends on it.
"""

from __future__ import annotations

import functools

from django.db import connection

from accounts.models import User
from config.rows import columns
from games.models import Seat, SeatPresence

from .models import Preference


@functools.cache
def _sql(vendor: str) -> str:
    q = connection.ops.quote_name
    presence = SeatPresence._meta
    return (
        f"SELECT {columns(Seat, 's').sql}, {columns(User, 'u').sql}, {columns(Preference, 'p').sql}, "
        f"EXISTS (SELECT 1 FROM {q(presence.db_table)} r WHERE r.{q('game_id')} = s.{q('game_id')} "
        f"AND r.{q('seat')} = s.{q('index')} AND r.{q('absent_since')} IS NOT NULL) "
        f"FROM {q(Seat._meta.db_table)} s JOIN {q(User._meta.db_table)} u ON u.{q('id')} = s.{q('user_id')} "
        f"LEFT JOIN {q(Preference._meta.db_table)} p ON p.{q('user_id')} = u.{q('id')} "
        f"WHERE s.{q('game_id')} = %s AND s.{q('index')} IS NOT NULL ORDER BY s.{q('index')}, s.{q('id')}"
    )


def seats_with_users(game_id: int) -> list[Seat]:
    """The game's seated seats (in seat order) with `user`, `user.notification_pref` (DoesNotExist when the
    player kept the defaults) and `absent` (the bot plays the seat) loaded: one statement."""
    seat_columns, user_columns, pref_columns = columns(Seat, "s"), columns(User, "u"), columns(Preference, "p")
    user_at, pref_at = len(seat_columns), len(seat_columns) + len(user_columns)
    with connection.cursor() as cursor:
        cursor.execute(_sql(connection.vendor), [game_id])
        rows = cursor.fetchall()
    seats = []
    for row in rows:
        seat = seat_columns.instance(row)
        seat.user = user = user_columns.instance(row[user_at:])
        pref = pref_columns.instance(row[pref_at:]) if row[pref_at] is not None else None
        # As select_related fills the reverse one-to-one: the row, or None (then reading it raises DoesNotExist).
        User.notification_pref.related.set_cached_value(user, pref)
        if pref is not None:
            Preference.user.field.set_cached_value(pref, user)
        seat.absent = bool(row[-1])  # type: ignore[attr-defined]
        seats.append(seat)
    return seats
