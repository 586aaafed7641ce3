"""The database itself refuses to change or remove an event (the model refuses too; this covers raw SQL:
core/append_only.py)."""

from django.db import migrations

from core.append_only import append_only


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [append_only("games_event", "games_event")]
