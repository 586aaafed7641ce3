"""`manage.py dump_open_record [--output DIR]`: write the open record of the finished games (docs/open-record.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from stats.open_record import write_open_record


class Command(BaseCommand):
    help = ("Write every finished, listed game of the players who did not opt out as gzip-compressed JSON lines, "
            "with a SHA-256 checksum file (docs/open-record.md).")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--output", type=Path, default=None,
                            help="the folder to write into (default: STATS_OPEN_RECORD_DIR, else var/open-record)")

    def handle(self, *args: Any, output: Path | None, **options: Any) -> None:
        written = write_open_record(output)
        self.stdout.write(f"{written.games} games in {written.path} (sha256 {written.sha256}, in {written.checksum_path.name}).")
