"""`manage.py rebuild_projections [GAME]`: the projection columns and snapshots of a game (or of every
started game) rebuilt from its event log (`games.services.rebuild`), then checked as `verify_events` checks."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.errors import ServiceError
from games.models import Game
from games.services.rebuild import rebuild


class Command(BaseCommand):
    help = (
        "Rebuild the projection columns (version, head hash, awaited seats, status, times, deadline) and the "
        "snapshots of a game, or of every started game, from its event log, under the game's row lock; "
        "the result must pass verify_events or nothing is changed. Exit status 1 on any game it could not rebuild."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game", nargs="?", type=int, help="the game's id (default: every started game)")

    def handle(self, *args: Any, game: int | None, **options: Any) -> None:
        if game is not None:
            found = Game.objects.filter(pk=game).values_list("version", flat=True).first()
            if found is None:
                raise CommandError(f"no game {game}")
            if not found:
                raise CommandError(f"game {game} has not started: it has no event log to rebuild from")
            ids = [game]
        else:
            ids = list(Game.objects.filter(version__gt=0).order_by("id").values_list("pk", flat=True))
        failed = 0
        for pk in ids:
            try:
                result = rebuild(pk)
            except ServiceError as error:
                raise CommandError(f"game {pk}: {error.message}") from error
            if result.problems:
                failed += 1
                self.stdout.write(self.style.ERROR(f"game {pk}: the log itself is broken, nothing changed:"))
                for problem in result.problems:
                    self.stdout.write(f"  - {problem}")
                continue
            changes = ", ".join(f"{name} {old} -> {new}" for name, (old, new) in result.changed.items())
            self.stdout.write(
                f"game {pk}: rebuilt ({changes or 'columns were right'}; snapshots: "
                f"{result.snapshots_dropped} dropped, {result.snapshots_taken} taken)"
            )
        if failed:
            raise CommandError(f"{failed} of {len(ids)} game(s) could not be rebuilt (restore their log from a backup)")
        self.stdout.write(self.style.SUCCESS(f"{len(ids)} game(s) rebuilt"))
