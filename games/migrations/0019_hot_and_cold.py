"""Hot and cold rows of the event store (issue 41): events, commands and snapshots get the column `archived`;
on PostgreSQL each of the three tables becomes a table partitioned by LIST (archived), its partition
`<table>_hot` (false: the games in play and those finished lately) and `<table>_cold` (true: finished games
moved there by `games.archive`). The hot partitions' size follows the active games; nothing is deleted, and
every read by game still finds a game's rows, wherever they are.

Why the keys are what they are. PostgreSQL wants the partition key in every primary key and unique
constraint of a partitioned table, so they become (id, archived), (game, seq, archived) and (game, user,
idempotency_key, archived). They are as strong as before:
* ids come from a sequence (events, snapshots) or uuid4 (commands): never the same id twice anyway;
* a game's rows are all in one partition: `games.archive` moves all of them in one transaction, with the
  game's row locked, and only a finished or abandoned game, which no command appends to again (commands
  are refused unless the game is active, and it never becomes active again). So two rows of one game with the
  same seq (or key) would be in the same partition, where the constraint refuses them.
The events' foreign key to their command becomes (command_id, archived) -> commands (id, archived) (a
foreign key must point at a unique key): it also says that an event and its command move together.

Plain PostgreSQL otherwise: the table is rebuilt under its name (a copy, inside the migration's transaction),
its constraints and indexes recreated from the catalogue with the key added. Ids keep coming from a
sequence owned by the column (PostgreSQL 15 allows no identity column on a partitioned table).

The append-only trigger of events (0002) allows exactly one change now: the archive's move, an UPDATE of
`archived` from false to true with every other column as it was. PostgreSQL runs that move as the UPDATE
and then a DELETE from the hot partition, both firing the trigger: the UPDATE's firing leaves the row's id
(transaction-local) for the DELETE's, which is allowed for that row alone. Any other UPDATE or DELETE, on
either partition, is refused as before.

SQLite keeps plain tables: the column only (added in place, so the trigger stays; Django would rebuild the
table), and its UPDATE trigger lets through the same one change.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations, models

TABLES = ("games_command", "games_snapshot", "games_event")  # commands first: the events point at them
EVENT_COLUMNS = ("id", "game_id", "seq", "type", "data", "actor_id", "actor_seat", "command_id", "created_at",
                 "prev_hash", "hash")

PG_TRIGGER = """
CREATE OR REPLACE FUNCTION games_event_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NOT OLD.archived AND NEW.archived
            AND (to_jsonb(OLD) - 'archived') = (to_jsonb(NEW) - 'archived') THEN
        PERFORM set_config('games.archive_move', TG_TABLE_NAME || ':' || OLD.id::text, true);
        RETURN NEW;
    END IF;
    IF TG_OP = 'DELETE' AND current_setting('games.archive_move', true) = TG_TABLE_NAME || ':' || OLD.id::text THEN
        PERFORM set_config('games.archive_move', '', true);
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'games_event is append-only: no UPDATE or DELETE (but the archive''s move)';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_event_no_update BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_append_only();
"""
PG_TRIGGER_BEFORE = """
CREATE OR REPLACE FUNCTION games_event_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'games_event is append-only: no UPDATE or DELETE';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_event_no_update BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_append_only();
"""
_SAME = " AND ".join(f'NEW."{column}" IS OLD."{column}"' for column in EVENT_COLUMNS)
SQLITE_TRIGGER = f"""
CREATE TRIGGER games_event_no_update BEFORE UPDATE ON games_event
WHEN NOT (OLD.archived = 0 AND NEW.archived = 1 AND {_SAME})
BEGIN SELECT RAISE(ABORT, 'games_event is append-only'); END;
"""
SQLITE_TRIGGER_BEFORE = """
CREATE TRIGGER games_event_no_update BEFORE UPDATE ON games_event
BEGIN SELECT RAISE(ABORT, 'games_event is append-only'); END;
"""


def _catalogue(cursor: Any, table: str) -> tuple[list[tuple[str, str, str]], list[str], str]:
    """The table's constraints (name, type, definition), its other indexes' definitions, and where its ids
    come from: "identity", "sequence" (a default of a sequence the column owns) or ""."""
    cursor.execute("SELECT conname, contype, pg_get_constraintdef(oid) FROM pg_constraint "
                   "WHERE conrelid = %s::regclass AND contype IN ('p', 'u', 'f', 'c') ORDER BY conname", [table])
    constraints = list(cursor.fetchall())
    names = [name for name, _, _ in constraints]
    cursor.execute("SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = %s "
                   "AND NOT (indexname = ANY(%s)) ORDER BY indexname", [table, names])
    indexes = [row[0] for row in cursor.fetchall()]
    cursor.execute("SELECT pg_get_serial_sequence(%s, 'id') IS NOT NULL, attidentity <> '' FROM pg_attribute "
                   "WHERE attrelid = %s::regclass AND attname = 'id'", [table, table])
    found = cursor.fetchone()
    return constraints, indexes, "identity" if found and found[1] else "sequence" if found and found[0] else ""


def _rebuild(cursor: Any, table: str, partitioned: bool, adjust: Any) -> None:
    """Rebuild `table` under its name, partitioned by `archived` or plain again, with its rows, constraints
    (each definition through `adjust`), indexes and id sequence."""
    constraints, indexes, sequence = _catalogue(cursor, table)
    old = f"{table}_flat" if partitioned else f"{table}_parted"
    seq = f"{table}_id_seq"
    if sequence == "sequence":  # the new table's default uses it: keep it when its table goes
        cursor.execute(f"ALTER SEQUENCE {seq} OWNED BY NONE")
    cursor.execute(f"ALTER TABLE {table} RENAME TO {old}")
    if partitioned:
        cursor.execute(f"CREATE TABLE {table} (LIKE {old} INCLUDING DEFAULTS) PARTITION BY LIST (archived)")
        cursor.execute(f"CREATE TABLE {table}_hot PARTITION OF {table} FOR VALUES IN (false)")
        cursor.execute(f"CREATE TABLE {table}_cold PARTITION OF {table} FOR VALUES IN (true)")
    else:
        cursor.execute(f"CREATE TABLE {table} (LIKE {old} INCLUDING DEFAULTS)")
    cursor.execute(f"INSERT INTO {table} SELECT * FROM {old}")
    cursor.execute(f"DROP TABLE {old}")
    if sequence:
        if sequence == "identity":  # its sequence went with the old table
            cursor.execute(f"CREATE SEQUENCE {seq}")
            cursor.execute(f"ALTER TABLE {table} ALTER COLUMN id SET DEFAULT nextval('{seq}')")
        cursor.execute(f"ALTER SEQUENCE {seq} OWNED BY {table}.id")
        cursor.execute(f"SELECT setval('{seq}', COALESCE((SELECT max(id) FROM {table}), 0) + 1, false)")
    for name, kind, definition in constraints:
        cursor.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {adjust(kind, definition)}')
    for definition in indexes:
        cursor.execute(definition)


def _with_key(kind: str, definition: str) -> str:
    if kind in ("p", "u"):
        return definition.replace(")", ", archived)", 1)
    if kind == "f" and "REFERENCES games_command(id)" in definition:
        return definition.replace("(command_id)", "(command_id, archived)").replace("(id)", "(id, archived)")
    return definition


def _without_key(kind: str, definition: str) -> str:
    return definition.replace(", archived)", ")")


def _events_command_key(cursor: Any) -> list[tuple[str, str, str]]:
    """Drop the events' foreign key to the commands, whose table is rebuilt first; its (name, type,
    definition), to be added again once both tables are."""
    cursor.execute("SELECT conname, contype, pg_get_constraintdef(oid) FROM pg_constraint "
                   "WHERE conrelid = 'games_event'::regclass AND confrelid = 'games_command'::regclass")
    found = list(cursor.fetchall())
    for name, _, _ in found:
        cursor.execute(f'ALTER TABLE games_event DROP CONSTRAINT "{name}"')
    return found


def _postgresql(cursor: Any, partitioned: bool, adjust: Any) -> None:
    """Rebuild the three tables, the events' key to their commands set aside meanwhile."""
    key = _events_command_key(cursor)
    for table in TABLES:
        _rebuild(cursor, table, partitioned, adjust)
    for name, kind, definition in key:
        cursor.execute(f'ALTER TABLE games_event ADD CONSTRAINT "{name}" {adjust(kind, definition)}')


def forward(apps: Any, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    with schema_editor.connection.cursor() as cursor:
        if vendor == "postgresql":
            for table in TABLES:
                cursor.execute(f"ALTER TABLE {table} ADD COLUMN archived boolean NOT NULL DEFAULT false")
            _postgresql(cursor, True, _with_key)
            cursor.execute(PG_TRIGGER)
        elif vendor == "sqlite":
            for table in TABLES:
                cursor.execute(f"ALTER TABLE {table} ADD COLUMN archived bool NOT NULL DEFAULT 0")
            cursor.execute("DROP TRIGGER IF EXISTS games_event_no_update")
            cursor.execute(SQLITE_TRIGGER)


def backward(apps: Any, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    with schema_editor.connection.cursor() as cursor:
        if vendor == "postgresql":
            _postgresql(cursor, False, _without_key)
            for table in TABLES:
                cursor.execute(f"ALTER TABLE {table} DROP COLUMN archived")
            cursor.execute(PG_TRIGGER_BEFORE)
        elif vendor == "sqlite":
            cursor.execute("DROP TRIGGER IF EXISTS games_event_no_update")
            for table in TABLES:
                cursor.execute(f"ALTER TABLE {table} DROP COLUMN archived")
            cursor.execute(SQLITE_TRIGGER_BEFORE)


def _archived() -> models.BooleanField:
    return models.BooleanField(default=False, editable=False)


class Migration(migrations.Migration):
    dependencies = [("games", "0018_clocks")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(model_name=model, name="archived", field=_archived())
                for model in ("command", "snapshot", "event")
            ],
            database_operations=[migrations.RunPython(forward, backward)],
        ),
    ]
