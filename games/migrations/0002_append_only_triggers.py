"""The database itself refuses to change or remove an event (the model refuses too; this covers raw SQL).

PostgreSQL refuses UPDATE and DELETE; TRUNCATE (the test runner's flush) is left alone. SQLite refuses
UPDATE only, because the test runner flushes SQLite with DELETE.
"""

from django.db import migrations

PG_FORWARD = """
CREATE OR REPLACE FUNCTION games_event_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'games_event is append-only: no UPDATE or DELETE';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_event_no_update BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_append_only();
"""
PG_BACKWARD = """
DROP TRIGGER IF EXISTS games_event_no_update ON games_event;
DROP FUNCTION IF EXISTS games_event_append_only();
"""
SQLITE_FORWARD = """
CREATE TRIGGER games_event_no_update BEFORE UPDATE ON games_event
BEGIN SELECT RAISE(ABORT, 'games_event is append-only'); END;
"""
SQLITE_BACKWARD = "DROP TRIGGER IF EXISTS games_event_no_update;"


def forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_FORWARD)
    elif vendor == "sqlite":
        schema_editor.execute(SQLITE_FORWARD)


def backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_BACKWARD)
    elif vendor == "sqlite":
        schema_editor.execute(SQLITE_BACKWARD)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(forward, backward)]
