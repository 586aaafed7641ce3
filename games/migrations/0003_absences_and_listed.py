# Absence and SeatPresence move here from notifications (its migration 0002 lets go of them): the models
# enter this app's state on their old tables, which are then renamed to this app's names. And a game may be
# private (not listed in the lobby; joined through its invite link).
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_append_only_triggers'),
        ('notifications', '0002_absences_move_to_games'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Absence',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('starts_at', models.DateTimeField()),
                        ('ends_at', models.DateTimeField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='absences', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'notifications_absence',
                        'ordering': ['user_id', 'starts_at'],
                        'indexes': [models.Index(fields=['user', 'ends_at'], name='absence_user_end_idx')],
                        'constraints': [models.CheckConstraint(condition=models.Q(('ends_at__gt', models.F('starts_at'))), name='absence_positive')],
                    },
                ),
                migrations.CreateModel(
                    name='SeatPresence',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField()),
                        ('consecutive_timeouts', models.PositiveIntegerField(default=0)),
                        ('total_timeouts', models.PositiveIntegerField(default=0)),
                        ('absent_since', models.DateTimeField(blank=True, null=True)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.game')),
                    ],
                    options={
                        'db_table': 'notifications_seatpresence',
                        'constraints': [models.UniqueConstraint(fields=('game', 'seat'), name='seat_presence_unique')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name='absence', table=None),
        migrations.AlterModelTable(name='seatpresence', table=None),
        migrations.AddField(model_name='game', name='listed', field=models.BooleanField(default=True)),
    ]
