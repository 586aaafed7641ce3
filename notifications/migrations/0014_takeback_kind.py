"""Issue 37: one name, takeback. The kind of the mails of a request to take a move back is `takeback`, no
longer `undo`: the outbox's rows of that kind and the players' opted-out kinds follow. The rows' dedupe keys
(`undo:<request>:<seat>`) stay as they are: a sent mail's Message-ID is derived from its key (`mailin.bounces`
checks a bounce against it), and a request's new rows never meet its old ones. An unsubscribe link mailed
before names `undo`: `notifications.preferences` reads it as `takeback`."""

from django.db import migrations, models


def _rename(apps, old, new):
    apps.get_model("notifications", "Outbox").objects.filter(kind=old).update(kind=new)
    Preference = apps.get_model("notifications", "Preference")
    changed = []
    for pref in Preference.objects.only("pk", "opted_out").iterator():  # every row: SQLite has no JSON contains
        if old in (pref.opted_out or []):
            pref.opted_out = sorted({new if kind == old else kind for kind in pref.opted_out})
            changed.append(pref)
    Preference.objects.bulk_update(changed, ["opted_out"], batch_size=500)


def forward(apps, schema_editor):
    _rename(apps, "undo", "takeback")


def backward(apps, schema_editor):
    _rename(apps, "takeback", "undo")


class Migration(migrations.Migration):

    dependencies = [
        ('notifications', '0013_preference_channels'),
    ]

    operations = [
        migrations.AlterField(
            model_name='outbox',
            name='kind',
            field=models.CharField(choices=[('turn', 'your turn'), ('reminder', 'reminder before the deadline'), ('timeout', 'deadline passed'), ('started', 'game started'), ('ended', 'game ended'), ('digest', 'daily digest'), ('answer', 'answer to a reply by email'), ('takeback', 'request to take a move back'), ('chat', 'chat message'), ('table', 'waiting room: seats taken and left, rematch offers'), ('verify', 'address confirmation'), ('signup_attempt', 'sign-up attempt with a taken address'), ('password_reset', 'password reset'), ('delete_account', "confirmation of an account's deletion"), ('data_export', 'data export')], max_length=16),
        ),
        migrations.RunPython(forward, backward),
    ]
