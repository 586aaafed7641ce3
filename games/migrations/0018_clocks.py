from django.db import migrations, models


class Migration(migrations.Migration):
    """Time banks (a time control of mode "bank"): each seat's bank, a projection on the game's row; games with
    a time per decision keep it empty (their time controls keep their meaning: no data to change)."""

    dependencies = [("games", "0017_game_with_bots")]

    operations = [
        migrations.AddField(model_name="game", name="clock_banks", field=models.JSONField(blank=True, default=dict)),
    ]
