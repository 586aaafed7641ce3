"""The database itself refuses to change or remove a tournament event (as games' events: games 0002).

PostgreSQL refuses UPDATE and DELETE (TRUNCATE, the test runner's flush, is left alone); SQLite refuses
UPDATE only, because the test runner flushes SQLite with DELETE.
"""

from django.db import migrations

PG_FORWARD = """
CREATE OR REPLACE FUNCTION tournaments_event_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'tournaments_tournamentevent is append-only: no UPDATE or DELETE';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER tournaments_event_no_update BEFORE UPDATE OR DELETE ON tournaments_tournamentevent
    FOR EACH ROW EXECUTE FUNCTION tournaments_event_append_only();
"""
PG_BACKWARD = """
DROP TRIGGER IF EXISTS tournaments_event_no_update ON tournaments_tournamentevent;
DROP FUNCTION IF EXISTS tournaments_event_append_only();
"""
SQLITE_FORWARD = """
CREATE TRIGGER tournaments_event_no_update BEFORE UPDATE ON tournaments_tournamentevent
BEGIN SELECT RAISE(ABORT, 'tournaments_tournamentevent is append-only'); END;
"""
SQLITE_BACKWARD = "DROP TRIGGER IF EXISTS tournaments_event_no_update;"


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
    dependencies = [("tournaments", "0001_initial")]
    operations = [migrations.RunPython(forward, backward)]
