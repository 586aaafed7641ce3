"""Each player's channels besides email, written on their preferences for the subscriptions and webhooks
made before the list was kept (`alerts.channels`)."""

from typing import Any

from django.db import migrations


def fill(apps: Any, schema_editor: Any) -> None:
    Preference = apps.get_model("notifications", "Preference")
    found: dict[int, list[str]] = {}
    for channel, model in (("push", "PushSubscription"), ("webhook", "Webhook")):
        for user_id in apps.get_model("alerts", model).objects.values_list("user_id", flat=True).distinct():
            found.setdefault(user_id, []).append(channel)
    for user_id, channels in found.items():
        Preference.objects.update_or_create(user_id=user_id, defaults={"channels": channels})


class Migration(migrations.Migration):
    dependencies = [
        ("alerts", "0001_push_and_webhooks"),
        ("notifications", "0013_preference_channels"),
    ]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
