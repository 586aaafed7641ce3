"""The commands' index of a game's newest moves (0021) made partial, with the condition of the read it is for
(`games.services.takeback.moves_in_effect`: its takebacks are no moves). Whole, on the big store of
benchmarks/scale.py, PostgreSQL chose it for the command path's lookup of one idempotency key, estimated at
the same cost as the unique key `command_idempotency`, and read all the game's commands; the command path's
statement does not have the condition, so only the unique key can serve it now."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0021_log_reads_by_type'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name='command',
            name='command_game_seq_idx',
        ),
        migrations.AddIndex(
            model_name='command',
            index=models.Index(condition=models.Q(('command__type', 'take_back'), _negated=True), fields=['game', 'first_seq'], name='command_game_move_idx'),
        ),
    ]
