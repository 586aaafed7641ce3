"""Outbox rows say what to render and for whom; the text is rendered when the mail is sent.

Rows written before keep their mail: their seat and version come from their dedupe key (`kind:game:seat[:version]`),
and what the key does not say (the deadline shown, a timeout's details) from the game as it is now.
"""

from django.db import migrations, models


def describe_old_rows(apps, schema_editor):
    Outbox = apps.get_model("notifications", "Outbox")
    for row in Outbox.objects.exclude(kind__in=["digest", "answer"]).select_related("game").iterator():
        parts = row.dedupe_key.split(":")
        if row.game is None or len(parts) < 3 or not all(p.isdigit() for p in parts[2:]):
            continue
        row.seat = int(parts[2])
        row.version = int(parts[3]) if len(parts) > 3 else row.game.version
        deadline = row.game.deadline_at.isoformat() if row.game.deadline_at else None
        if row.kind in ("turn", "reminder"):
            row.params = {"deadline": deadline}
        elif row.kind == "timeout":
            policy = (row.game.time_control or {}).get("timeout_policy", "bot")
            row.params = {"first_seq": row.version + 1, "upto": row.game.version, "policy": policy,
                          "absent": False, "streak": 1}
        row.save(update_fields=["seat", "version", "params"])
    for row in Outbox.objects.filter(kind="digest", status__in=["pending", "sending", "failed"]):
        held = Outbox.objects.filter(user_id=row.user_id, status="digested", id__lt=row.id)
        row.params = {"held": list(held.values_list("id", flat=True))}
        row.save(update_fields=["params"])
    for row in Outbox.objects.filter(kind="answer"):  # its words were its writer's: kept as they were
        row.params = {"message": {"subject": row.subject, "intro": [row.body_text], "sections": [], "links": []}}
        row.save(update_fields=["params"])


class Migration(migrations.Migration):
    dependencies = [("notifications", "0003_outbox_reply_to_alter_outbox_kind")]

    operations = [
        migrations.AddField(model_name="outbox", name="seat", field=models.PositiveSmallIntegerField(blank=True, null=True)),
        migrations.AddField(model_name="outbox", name="version", field=models.PositiveIntegerField(blank=True, null=True)),
        migrations.AddField(model_name="outbox", name="params", field=models.JSONField(blank=True, default=dict)),
        migrations.RunPython(describe_old_rows, migrations.RunPython.noop),
        migrations.RemoveField(model_name="outbox", name="subject"),
        migrations.RemoveField(model_name="outbox", name="body_text"),
        migrations.RemoveField(model_name="outbox", name="body_html"),
    ]
