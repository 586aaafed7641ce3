"""Two indexes that bound a table page's reads of a game's log (issue 41; tests/games/test_flat_cost.py):
a game's events by type (its chapters' openings, its takebacks: those rows, not the whole log filtered) and
its commands by first event (the newest moves, read backwards under a limit). On the partitioned tables of
PostgreSQL (0019) each index is created on both partitions."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0020_event_command_key'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name='command',
            index=models.Index(fields=['game', 'first_seq'], name='command_game_seq_idx'),
        ),
        migrations.AddIndex(
            model_name='event',
            index=models.Index(fields=['game', 'type', 'seq'], name='event_game_type_idx'),
        ),
    ]
