"""Issue 37: the takeback command is every game's `take_back` (`rules_kit.takeback.TAKE_BACK`), no longer the
hosting's `undo`. Stored commands are read again as commands (a takeback counts which moves are still in
effect by excluding the takebacks; an idempotency key's command is compared and told again), so the one
name holds in the data too: every stored `{"type": "undo", ...}` becomes `{"type": "take_back", ...}` (its
other fields, a service's `request`, kept) and the service's key of an accepted request
`timeout:undo:<id>` becomes `timeout:takeback:<id>`. The events are untouched (`taken_back` already)."""

from django.db import migrations

OLD_KEY, NEW_KEY = "timeout:undo:", "timeout:takeback:"


def _rename(apps, old_type, new_type, old_key, new_key):
    Command = apps.get_model("games", "Command")
    batch = []
    for row in Command.objects.filter(command__type=old_type).only("pk", "command", "idempotency_key").iterator():
        row.command = {**row.command, "type": new_type}
        if row.idempotency_key.startswith(old_key):
            row.idempotency_key = new_key + row.idempotency_key[len(old_key):]
        batch.append(row)
        if len(batch) == 500:
            Command.objects.bulk_update(batch, ["command", "idempotency_key"])
            batch = []
    Command.objects.bulk_update(batch, ["command", "idempotency_key"])


def forward(apps, schema_editor):
    _rename(apps, "undo", "take_back", OLD_KEY, NEW_KEY)


def backward(apps, schema_editor):
    _rename(apps, "take_back", "undo", NEW_KEY, OLD_KEY)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0015_takeback_request'),
    ]

    operations = [
        migrations.RunPython(forward, backward),
    ]
