"""Game.timed_out: whether a seat ever let a deadline pass, so that commands in the other games skip looking
for timeout records. Existing games with such records get it set."""

from django.db import migrations, models


def mark_timed_out(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    SeatPresence = apps.get_model("games", "SeatPresence")
    Game.objects.filter(pk__in=SeatPresence.objects.values("game_id")).update(timed_out=True)


class Migration(migrations.Migration):
    dependencies = [("games", "0003_absences_and_listed")]

    operations = [
        migrations.AddField(model_name="game", name="timed_out", field=models.BooleanField(default=False)),
        migrations.RunPython(mark_timed_out, migrations.RunPython.noop),
    ]
