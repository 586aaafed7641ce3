"""`Game.absences_declared`: set for the running and open games of every player with an absence still to
end, so that their deadlines keep reading the absences (a game without the mark reads none)."""

from typing import Any

from django.db import migrations, models
from django.utils import timezone


def mark_games_with_absences(apps: Any, schema_editor: Any) -> None:
    Game, Absence = apps.get_model("games", "Game"), apps.get_model("games", "Absence")
    away = Absence.objects.filter(ends_at__gt=timezone.now()).values("user_id")
    Game.objects.filter(status__in=["open", "active"], seats__user_id__in=away).update(absences_declared=True)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_merge_0011_history_read_0011_seat_last_seen_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="absences_declared",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(mark_games_with_absences, migrations.RunPython.noop),
    ]
