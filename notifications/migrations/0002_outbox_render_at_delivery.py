"""Outbox rows say what to render and for whom; the text is rendered when the mail is sent."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("notifications", "0001_initial")]

    operations = [
        migrations.RemoveField(model_name="outbox", name="subject"),
        migrations.RemoveField(model_name="outbox", name="body_text"),
        migrations.RemoveField(model_name="outbox", name="body_html"),
        migrations.AddField(model_name="outbox", name="seat", field=models.PositiveSmallIntegerField(blank=True, null=True)),
        migrations.AddField(model_name="outbox", name="version", field=models.PositiveIntegerField(blank=True, null=True)),
        migrations.AddField(model_name="outbox", name="params", field=models.JSONField(blank=True, default=dict)),
    ]
