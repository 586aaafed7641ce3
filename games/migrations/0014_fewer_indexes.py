"""The per-game foreign keys of events and commands lose their own index: the unique constraints that begin
with the game (event_unique_seq, command_idempotency) serve the same reads, and every command wrote both.
So does the events' command key, which no read uses (a command's events are read by game and seq).

Only the index is dropped (by its name, the same on both databases). Django's own AlterField would rebuild
the events table on SQLite, losing its append-only trigger (migration 0002), and on PostgreSQL drop and
validate anew the foreign key over every row of the log."""

from django.db import migrations, models
from django.db.models import PROTECT


def _without_index(model: str, column: str, field: models.Field, index: str) -> migrations.SeparateDatabaseAndState:
    """The field's state without `db_index`; in the database, its index dropped by name."""
    table = f"games_{model}"
    return migrations.SeparateDatabaseAndState(
        state_operations=[migrations.AlterField(model_name=model, name=column.removesuffix("_id"), field=field)],
        database_operations=[migrations.RunSQL(
            f'DROP INDEX IF EXISTS "{index}"', reverse_sql=f'CREATE INDEX "{index}" ON "{table}" ("{column}")',
        )],
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_game_absences_declared"),
    ]

    operations = [
        _without_index("command", "game_id", models.ForeignKey(
            db_index=False, on_delete=PROTECT, related_name="commands", to="games.game"),
            "games_command_game_id_afa72104"),
        _without_index("event", "game_id", models.ForeignKey(
            db_index=False, on_delete=PROTECT, related_name="events", to="games.game"),
            "games_event_game_id_afa0391c"),
        _without_index("event", "command_id", models.ForeignKey(
            db_index=False, null=True, on_delete=PROTECT, related_name="events", to="games.command"),
            "games_event_command_id_b8fcda19"),
    ]
