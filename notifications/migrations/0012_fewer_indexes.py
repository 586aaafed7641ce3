"""One index less to write with every outbox row: the user key is served by outbox_user_status_idx (its own
index is dropped by name, without Django's drop and new validation of the foreign key over every row), and
the dedupe key is unique through a constraint, without the LIKE index that unique=True adds on PostgreSQL."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

USER_INDEX = "notifications_outbox_user_id_2ba83b8d"


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_fewer_indexes"),
        ("notifications", "0011_outbox_channel"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="outbox",
            name="dedupe_key",
            field=models.CharField(max_length=160),
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.AlterField(
                model_name="outbox",
                name="user",
                field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                        related_name="+", to=settings.AUTH_USER_MODEL),
            )],
            database_operations=[migrations.RunSQL(
                f'DROP INDEX IF EXISTS "{USER_INDEX}"',
                reverse_sql=f'CREATE INDEX "{USER_INDEX}" ON "notifications_outbox" ("user_id")',
            )],
        ),
        migrations.AddConstraint(
            model_name="outbox",
            constraint=models.UniqueConstraint(fields=("dedupe_key",), name="outbox_dedupe_key_unique"),
        ),
    ]
