"""Game.spectators_allowed: whether signed-in players without a seat may watch a private game (off for the
private games there are: until now nobody chose it)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0004_game_timed_out")]

    operations = [
        migrations.AddField(model_name="game", name="spectators_allowed", field=models.BooleanField(default=False)),
    ]
