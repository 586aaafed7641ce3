"""The event store's hand-written SQL: the statements whose ORM form cost too much, each with the
measurement beside it. Everything else in the store goes through the ORM."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.db import connection

from .models import Command, Event


def events_in(windows: Iterable[tuple[int, int, int]], by_service: bool = False) -> list[tuple[Any, ...]]:
    """The events of several games in one statement: of each window (game id, after, upto) the events with
    after < seq <= upto, as (game id, seq, data), with `by_service` also whether the service played the
    command that wrote each (`Command.by_service`; False for events of no command); ordered by game and seq.

    Written-out SQL: the ORM's form of this statement (a Q per window) cost ten times its CPU, mostly in
    compiling the ranges, on the outbox's path (every batch of mails reads its events here)."""
    windows = list(windows)
    if not windows:
        return []
    q = connection.ops.quote_name
    event, command = Event._meta, Command._meta
    columns = f"e.{q('game_id')}, e.{q('seq')}, e.{q('data')}"
    source = f"{q(event.db_table)} e"
    if by_service:
        columns += f", c.{q('by_service')}"
        source += f" LEFT JOIN {q(command.db_table)} c ON c.{q(command.pk.column)} = e.{q('command_id')}"
    where = " OR ".join([f"(e.{q('game_id')} = %s AND e.{q('seq')} > %s AND e.{q('seq')} <= %s)"] * len(windows))
    sql = f"SELECT {columns} FROM {source} WHERE {where} ORDER BY e.{q('game_id')}, e.{q('seq')}"
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for window in windows for value in window])
        rows = cursor.fetchall()
    # JSON arrives as text from both backends (Django has psycopg leave it so, for its JSONField); SQLite's
    # booleans as 0/1, and an event of no command has none.
    return [
        (game_id, seq, json.loads(data) if isinstance(data, str) else data, *(bool(flag) for flag in rest))
        for game_id, seq, data, *rest in rows
    ]
