"""PostgreSQL: the database itself says each new version of a game on the fan-out's channel (a trigger on the
games' version column), so that a command's transaction sends no statement of its own for its notice (one
round trip less on every command: `benchmarks/api.py`). Nothing on SQLite, whose fan-out is the poll.

The channel is `live.fanout.POSTGRES_CHANNEL`, written out here as a migration must be."""

from __future__ import annotations

from typing import Any

from django.db import migrations

CREATE = [
    """CREATE FUNCTION live_game_version_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_notify('games_live', json_build_object('game', NEW.id, 'version', NEW.version)::text);
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER live_game_version_notice AFTER UPDATE OF version ON games_game FOR EACH ROW
    WHEN (NEW.version IS DISTINCT FROM OLD.version) EXECUTE FUNCTION live_game_version_notice()""",
]
DROP = ["DROP TRIGGER IF EXISTS live_game_version_notice ON games_game",
        "DROP FUNCTION IF EXISTS live_game_version_notice()"]


def _run(statements: list[str]) -> Any:
    def run(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            for statement in statements:
                schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0014_fewer_indexes")]
    operations = [migrations.RunPython(_run(CREATE), _run(DROP))]
