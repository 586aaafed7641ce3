"""`manage.py restore FILE`: a backup of `manage.py backup` into the settings' database, which must be
empty (a new one: `createdb`); all or nothing, in one transaction. Then `manage.py verify_events` checks every
game's log, and `manage.py migrate` brings an older backup up to this release."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from games.management import postgres


class Command(BaseCommand):
    help = "Restore a backup (manage.py backup) into the database of the settings, which must be empty."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", type=Path, help="a file written by manage.py backup")
        parser.add_argument("--database", default="default", help="the database alias of the settings")

    def handle(self, *args: Any, file: Path, database: str, **options: Any) -> None:
        postgres.database(database)
        if not file.is_file():
            raise CommandError(f"{file} is not a file")
        with connections[database].cursor() as cursor:
            tables = connections[database].introspection.table_names(cursor)
        connections[database].close()
        if tables:
            raise CommandError(f"The database is not empty ({len(tables)} tables): restore into a new one "
                               "(createdb), then point DATABASE_URL at it. Nothing was changed.")
        postgres.run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction",
                                    str(file)], database)
        self.stdout.write(self.style.SUCCESS(f"restored {file}; now run: manage.py verify_events"))
