"""The per-game foreign keys of events and commands lose their own index: the unique constraints that begin
with the game (event_unique_seq, command_idempotency) serve the same reads, and every command wrote both.

Only the index is dropped (by its name, the same on both databases). Django's own AlterField would rebuild
the events table on SQLite, losing its append-only trigger (migration 0002), and on PostgreSQL drop and
validate anew the foreign key over every row of the log."""

import django.db.models.deletion
from django.db import migrations, models


def _drop_index(model: str, index: str, column: str, table: str) -> migrations.SeparateDatabaseAndState:
    return migrations.SeparateDatabaseAndState(
        state_operations=[migrations.AlterField(
            model_name=model,
            name="game",
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT,
                                    related_name=f"{model}s", to="games.game"),
        )],
        database_operations=[migrations.RunSQL(
            f'DROP INDEX IF EXISTS "{index}"', reverse_sql=f'CREATE INDEX "{index}" ON "{table}" ("{column}")',
        )],
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_game_absences_declared"),
    ]

    operations = [
        _drop_index("command", "games_command_game_id_afa72104", "game_id", "games_command"),
        _drop_index("event", "games_event_game_id_afa0391c", "game_id", "games_event"),
    ]
