"""The events' foreign key to their command goes on PostgreSQL (the composite key (command_id, archived) of
0019). Why: a command moved to the cold partition is deleted from the hot one as far as the key's check
knows, and the check looks for the events that still point at it, by a column no index serves (0014 dropped
it: one index less to write with every event). Each moved command read the whole events table: measured,
a run of 100 finished games of 200 events did not end in ten minutes.

What the key kept: a command with events is never deleted (nothing deletes one: the store only appends,
the model's PROTECT stays for the ORM), and an event's command is written in the same transaction by the
store (`store.append`). `verify_events` checks that each event's command is a command of its game
(`integrity.verify`). SQLite keeps its plain key: there nothing moves."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models
from django.db.models import PROTECT

NAME = "games_event_command_id_b8fcda19_fk_games_command_id"


def forward(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f'ALTER TABLE games_event DROP CONSTRAINT IF EXISTS "{NAME}"')


def backward(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f'ALTER TABLE games_event ADD CONSTRAINT "{NAME}" FOREIGN KEY (command_id, archived) '
                              "REFERENCES games_command (id, archived) DEFERRABLE INITIALLY DEFERRED")


class Migration(migrations.Migration):
    dependencies = [("games", "0019_hot_and_cold")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.AlterField(
                model_name="event", name="command", field=models.ForeignKey(
                    db_constraint=False, db_index=False, null=True, on_delete=PROTECT, related_name="events",
                    to="games.command"),
            )],
            database_operations=[migrations.RunPython(forward, backward)],
        ),
    ]
