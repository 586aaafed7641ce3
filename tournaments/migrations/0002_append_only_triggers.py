"""The database itself refuses to change or remove a tournament event (as games' events: core/append_only.py)."""

from django.db import migrations

from core.append_only import append_only


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]
    operations = [append_only("tournaments_tournamentevent", "tournaments_event")]
