"""`manage.py demo_deadlines`: a demo game whose deadlines are minutes, so the running beat enforces them.

With `make run` going (web, worker, beat on the embedded defaults), this creates four verified demo
players and a game with a decision time of a few minutes. Nobody acts: watch var/mail/ fill with the
"game started" and "your turn" emails, then a reminder, then "deadline passed" as the beat enforces each
deadline every minute, until the seats are marked absent and the bot finishes the game at once.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import timezone

from accounts.models import User
from core.links import site_link
from games import services
from games.registry import default_kind

NAMES = [("alice", "Alice", "en"), ("bruno", "Bruno", "de"), ("chloe", "Chloé", "en"), ("dieter", "Dieter", "de")]
PASSWORD = "demo-password-1"


class Command(BaseCommand):
    help = "Create a demo game whose deadlines are a few minutes, for the running beat to enforce."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--minutes", type=float, default=2.0, help="time per decision, in minutes")
        parser.add_argument("--policy", choices=["bot", "minimal"], default="bot")

    def handle(self, *args: Any, minutes: float, policy: str, **options: Any) -> None:
        users = []
        for login, name, language in NAMES:
            user = User.objects.filter(email=f"{login}@example.org").first()
            if user is None:
                user = User.objects.create_user(f"{login}@example.org", PASSWORD, display_name=name,
                                                language=language, time_zone="Europe/Berlin",
                                                email_verified_at=timezone.now())
            users.append(user)
        control = {"decision_hours": minutes / 60, "reminder_hours": minutes / 120, "timeout_policy": policy}
        game = services.create_game(users[0], default_kind(), len(users), time_control=control)
        for user in users[1:]:
            services.join_game(user, game.pk)
        services.start_game(users[0], game.pk)
        game.refresh_from_db()
        self.stdout.write(self.style.SUCCESS(
            f"Game {game.pk}: {minutes:g} minutes per decision (policy {policy}); first deadline "
            f"{game.deadline_at:%H:%M:%S} UTC, waiting for seat(s) {game.awaiting}."))
        self.stdout.write(f"Emails: {settings.EMAIL_FILE_PATH}")
        self.stdout.write(f"Page: {site_link('game-page', game.pk)} (sign in as alice@example.org / {PASSWORD})")
