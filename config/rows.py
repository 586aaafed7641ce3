"""Model instances to and from written-out SQL, for the few statements every request runs.

The ORM compiles a query anew on each call, and a raw queryset maps its columns anew on each call; on the
hot paths (the token's user, a game's row, a command's rows) that costs more than the database spends
answering. `columns()` does that work once per model: the column list to put into a SELECT, and
`instance()` to turn the values of those columns back into a model instance, with the same conversions the
ORM applies (JSON, and on SQLite dates and booleans). `insert()` writes new instances as `bulk_create` does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connection
from django.db.models import AutoField, Field, Model

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class Columns(Generic[M]):
    """The concrete columns of `model` as SQL (`alias."column", ...`) and how to read their values back."""

    model: type[M]
    sql: str
    names: list[str]  # attribute names, in the order of the columns
    converters: list[tuple[int, list[Callable[..., Any]], Any]]  # (position, converters, expression)

    def __len__(self) -> int:
        return len(self.names)

    def instance(self, values: Sequence[Any]) -> M:
        """The model instance whose columns are the first len(self) of `values`."""
        values = list(values[: len(self.names)])
        for position, converters, expression in self.converters:
            value = values[position]
            for converter in converters:
                value = converter(value, expression, connection)
            values[position] = value
        return self.model.from_db(connection.alias, self.names, values)


@functools.cache
def _columns(model: type[M], alias: str, vendor: str) -> Columns[M]:
    q = connection.ops.quote_name
    fields = list(model._meta.concrete_fields)
    converters = []
    for position, field in enumerate(fields):
        expression = field.get_col(alias)
        found = connection.ops.get_db_converters(expression) + expression.get_db_converters(connection)
        if found:
            converters.append((position, found, expression))
    sql = ", ".join(f"{alias}.{q(field.column)}" for field in fields)
    return Columns(model, sql, [field.attname for field in fields], converters)


def columns(model: type[M], alias: str) -> Columns[M]:
    """The columns of `model` under the table alias `alias`, for this database."""
    return _columns(model, alias, connection.vendor)


@functools.cache
def _insert_sql(model: type[Model], rows: int, vendor: str) -> tuple[str, list[Field[Any, Any]], list[Field[Any, Any]]]:
    """The INSERT of `rows` new instances of `model` whose primary key the database assigns (if it is an
    AutoField), the fields whose values it sends, and the fields it reads back (RETURNING, where supported)."""
    q = connection.ops.quote_name
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.generated and not isinstance(f, AutoField)]
    returning: list[Field[Any, Any]] = [f for f in meta.db_returning_fields if isinstance(f, AutoField)]
    if not connection.features.can_return_rows_from_bulk_insert:
        returning = []
    one = f"({', '.join(['%s'] * len(fields))})"
    sql = (
        f"INSERT INTO {q(meta.db_table)} ({', '.join(q(f.column) for f in fields)}) VALUES {', '.join([one] * rows)}"
    )
    if returning:
        sql += f" RETURNING {', '.join(q(f.column) for f in returning)}"
    return sql, fields, returning


def insert(instances: Sequence[Model]) -> None:
    """INSERT these new instances of one model in one statement, as `bulk_create` would (field defaults and
    `auto_now_add` applied; an AutoField primary key is left to the database and read back where it can)."""
    if not instances:
        return
    model = type(instances[0])
    sql, fields, returning = _insert_sql(model, len(instances), connection.vendor)
    params = [
        field.get_db_prep_save(field.pre_save(instance, True), connection)
        for instance in instances
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        returned = cursor.fetchall() if returning else []
    for instance, values in zip(instances, returned or [()] * len(instances), strict=True):
        for field, value in zip(returning, values, strict=True):
            setattr(instance, field.attname, value)
        instance._state.adding = False
        instance._state.db = connection.alias
