"""`manage.py recompute_ratings`: every rating and result again from the event logs."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ratings.recompute import recompute_ratings


class Command(BaseCommand):
    help = "Throw away the ratings and results and compute them again from the finished games' event logs."

    def handle(self, *args: Any, **options: Any) -> None:
        done = recompute_ratings()
        self.stdout.write(f"{done.games} finished games rated again; {done.ratings} ratings.")
