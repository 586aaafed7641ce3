"""A database trigger that refuses to change or remove the rows of a log table (events are appended, never
edited): the models refuse too; the trigger covers raw SQL. One migration operation for every log.

PostgreSQL refuses UPDATE and DELETE; TRUNCATE (the test runner's flush) is left alone. SQLite refuses
UPDATE only, because the test runner flushes SQLite with DELETE.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations


def append_only(table: str, name: str) -> migrations.RunPython:
    """The migration operation that makes `table` append-only, its trigger named `<name>_no_update` (and on
    PostgreSQL its function `<name>_append_only`); reversible."""
    statements = {
        "postgresql": (
            f"""
CREATE OR REPLACE FUNCTION {name}_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '{table} is append-only: no UPDATE or DELETE';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER {name}_no_update BEFORE UPDATE OR DELETE ON {table}
    FOR EACH ROW EXECUTE FUNCTION {name}_append_only();
""",
            f"""
DROP TRIGGER IF EXISTS {name}_no_update ON {table};
DROP FUNCTION IF EXISTS {name}_append_only();
""",
        ),
        "sqlite": (
            f"""
CREATE TRIGGER {name}_no_update BEFORE UPDATE ON {table}
BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END;
""",
            f"DROP TRIGGER IF EXISTS {name}_no_update;",
        ),
    }

    def run(direction: int) -> Any:
        def execute(apps: Any, schema_editor: Any) -> None:
            found = statements.get(schema_editor.connection.vendor)
            if found is not None:
                schema_editor.execute(found[direction])

        return execute

    return migrations.RunPython(run(0), run(1))
