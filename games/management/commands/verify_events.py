"""`manage.py verify_events [GAME]`: check the hash chain, seq continuity, projections and snapshots."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import integrity
from games.models import Game


class Command(BaseCommand):
    help = "Verify event logs: hash chain, no gaps, the fold equals the stored projections and snapshots."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game", nargs="?", type=int)

    def handle(self, *args: Any, game: int | None, **options: Any) -> None:
        games = Game.objects.filter(version__gt=0).order_by("id")
        if game is not None:
            games = games.filter(pk=game)
            if not games.exists():
                raise CommandError(f"no started game {game}")
        bad = 0
        checked = 0
        for found in games.iterator():
            checked += 1
            problems = integrity.verify(found)
            if problems:
                bad += 1
                self.stdout.write(self.style.ERROR(f"game {found.pk}: {len(problems)} problem(s)"))
                for problem in problems:
                    self.stdout.write(f"  - {problem}")
            else:
                self.stdout.write(f"game {found.pk}: ok ({found.version} events)")
        if bad:
            raise CommandError(f"{bad} of {checked} game(s) failed verification")
        self.stdout.write(self.style.SUCCESS(f"{checked} game(s) verified"))
