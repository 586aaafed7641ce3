"""Model instances from written-out SQL, for the reads outside the games app that still use it (the token's
user, a game's seats for the outbox); the games app reads and writes through the ORM.

`columns()` gives the column list to put into a SELECT, and `instance()` turns the values of those columns
back into a model instance, with the same conversions the ORM applies (JSON, and on SQLite dates and booleans).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connection
from django.db.models import Model

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
