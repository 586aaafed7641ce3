from django.db import migrations, models


class Migration(migrations.Migration):
    """The bots' accounts (games.services.bots creates them on first use): a bot's level, empty for a person."""

    dependencies = [("accounts", "0006_session_owner")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="bot_level",
            field=models.CharField(blank=True, default="", editable=False, max_length=16),
        ),
    ]
