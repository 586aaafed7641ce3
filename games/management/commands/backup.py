"""`manage.py backup FILE`: the whole PostgreSQL database in pg_dump's custom format (compressed; one
consistent snapshot while the site runs). Restore it with `manage.py restore FILE` (docs/operating.md, "Backups")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.management import postgres


class Command(BaseCommand):
    help = "Back the PostgreSQL database up into FILE (pg_dump --format=custom); the site may keep running."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", type=Path, help="where the backup goes (a new file)")
        parser.add_argument("--database", default="default", help="the database alias of the settings")

    def handle(self, *args: Any, file: Path, database: str, **options: Any) -> None:
        if file.exists():
            raise CommandError(f"{file} exists: a backup never overwrites one (name each by its date).")
        file.parent.mkdir(parents=True, exist_ok=True)
        partial = file.with_name(file.name + ".partial")
        try:
            # No owner or grants: the backup restores into a database of another role, too.
            postgres.run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", f"--file={partial}"], database)
            partial.rename(file)  # a file of that name is a complete backup
        finally:
            partial.unlink(missing_ok=True)
        self.stdout.write(self.style.SUCCESS(f"backed up into {file} ({file.stat().st_size} bytes)"))
