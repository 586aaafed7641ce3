from django.db import migrations, models


class Migration(migrations.Migration):
    """Games with bot seats (games.services.bots) are marked, so that no other game looks for a bot's turn."""

    dependencies = [("games", "0016_take_back_command"), ("accounts", "0007_user_bot_level")]

    operations = [
        migrations.AddField(model_name="game", name="with_bots", field=models.BooleanField(default=False)),
    ]
