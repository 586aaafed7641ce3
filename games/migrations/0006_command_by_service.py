"""Command.by_service: whether the service played the command for a seat whose deadline passed. Until now
that was told by the idempotency key's prefix ("timeout:"); the commands stored with it are marked here, so
stored games keep their meaning (the history's "played for the absent player", the timeout streaks)."""

from typing import Any

from django.db import migrations, models

# The prefix the service's keys had (and still have) when this migration was written: a migration keeps
# its own copy rather than importing the model module's, which may change.
SERVICE_KEY_PREFIX = "timeout:"


def mark_service_commands(apps: Any, schema_editor: Any) -> None:
    command = apps.get_model("games", "Command")
    command.objects.filter(idempotency_key__startswith=SERVICE_KEY_PREFIX).update(by_service=True)


class Migration(migrations.Migration):
    dependencies = [("games", "0005_game_spectators_allowed")]

    operations = [
        migrations.AddField(model_name="command", name="by_service", field=models.BooleanField(default=False)),
        migrations.RunPython(mark_service_commands, migrations.RunPython.noop),
    ]
