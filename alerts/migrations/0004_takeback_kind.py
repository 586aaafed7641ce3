"""Issue 37: one name, takeback. The players' pushed kinds name the notice of a request to take a move back
`takeback`, no longer `undo` (`notifications.models.Kind.TAKEBACK`)."""

from django.db import migrations


def _rename(apps, old, new):
    PushSettings = apps.get_model("alerts", "PushSettings")
    changed = []
    for row in PushSettings.objects.only("pk", "kinds").iterator():  # every row: SQLite has no JSON contains
        if old in (row.kinds or []):
            row.kinds = [new if kind == old else kind for kind in row.kinds]
            changed.append(row)
    PushSettings.objects.bulk_update(changed, ["kinds"], batch_size=500)


def forward(apps, schema_editor):
    _rename(apps, "undo", "takeback")


def backward(apps, schema_editor):
    _rename(apps, "takeback", "undo")


class Migration(migrations.Migration):

    dependencies = [
        ('alerts', '0003_receiver_hold'),
    ]

    operations = [
        migrations.RunPython(forward, backward),
    ]
