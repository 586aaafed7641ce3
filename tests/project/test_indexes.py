"""The tables every command writes carry no index that another one already covers: each index is written
with every row, so one that a longer index beginning with the same columns serves too is only cost."""

from __future__ import annotations

import pytest
from django.db import connection

from games.models import Command, Event, Game
from notifications.models import Outbox

pytestmark = pytest.mark.django_db

WRITTEN_BY_EVERY_COMMAND = [Event, Command, Outbox, Game]


@pytest.mark.parametrize("model", WRITTEN_BY_EVERY_COMMAND, ids=lambda model: model.__name__)
def test_no_index_is_the_beginning_of_another(model: type) -> None:
    table = model._meta.db_table  # type: ignore[attr-defined]
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, table)
    indexes = {name: tuple(c["columns"]) for name, c in found.items()
               if (c["index"] or c["unique"]) and not c["primary_key"] and c["columns"]}
    covered = [(name, columns, other) for name, columns in indexes.items()
               for other, longer in indexes.items()
               if other != name and len(longer) > len(columns) and longer[: len(columns)] == columns]
    assert covered == [], f"indexes of {table} that a longer one serves: {covered}"
    # Nor the same columns twice (on PostgreSQL, unique=True on a text column adds a LIKE index beside it).
    by_columns = sorted(columns for columns in indexes.values())
    assert len(by_columns) == len(set(by_columns)), f"{table}: two indexes on the same columns: {indexes}"
