"""`manage.py replay GAME [--at N] [--as USER]`: the history as that viewer saw it, and their view at N."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from core.errors import ServiceError
from games import services


class Command(BaseCommand):
    help = "Print a game's history and view as one viewer (a player's email or id; default: a spectator) saw it."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game")
        parser.add_argument("--at", type=int, default=None, help="stop after this event (default: the end)")
        parser.add_argument("--as", dest="viewer", default=None, help="email or id of the viewing user")

    def handle(self, *args: Any, game: str, at: int | None, viewer: str | None, **options: Any) -> None:
        user = None
        if viewer:
            lookup = {"pk": int(viewer)} if viewer.isdigit() else {"email": viewer.strip().lower()}
            user = User.objects.filter(**lookup).first()
            if user is None:
                raise CommandError(f"no user {viewer!r}")
        try:
            found = services.find_game(game)  # an operator sees every game, private ones too
            end = found.version if at is None else at
            page = services.history(found, user, after=0, limit=5000)
            seat = services.seat_of(found, user)
            who = f"seat {seat}" if seat is not None else "a spectator"
            self.stdout.write(f"Game {found.pk} ({found.kind}, {found.status}) as {who}, up to event {end}:")
            for event in page["events"]:
                if event["seq"] > end:
                    break
                self.stdout.write(f"{event['seq']:>5} {json.dumps(event['data'], ensure_ascii=False, sort_keys=True)}")
            if found.version:
                state = services.state_at(found, user, end)
                self.stdout.write("view: " + json.dumps(state["view"], ensure_ascii=False, sort_keys=True, indent=2))
        except ServiceError as exc:
            raise CommandError(exc.message) from exc
