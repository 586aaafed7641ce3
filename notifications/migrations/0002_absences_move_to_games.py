# Absence and SeatPresence belong to the deadlines (games.models): the models leave this app's state here;
# their tables are taken over (and renamed) by games' migration 0003. No data moves.
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('notifications', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='Absence'),
                migrations.DeleteModel(name='SeatPresence'),
            ],
            database_operations=[],
        ),
    ]
