"""`manage.py demo`: players and a game partly played by bots, and how to sign in."""

from __future__ import annotations

import json
import random
from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from core.links import site_link
from games import services, store
from games.models import Game
from games.registry import default_kind, get_kind, kind_names

NAMES = [("alice", "Alice", "en"), ("bruno", "Bruno", "de"), ("chloe", "Chloé", "en"), ("dieter", "Dieter", "de")]
PASSWORD = "demo-password-1"


class Command(BaseCommand):
    help = "Create demo players and a game that bots have played partly; print how to sign in."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--kind", choices=kind_names(), default=default_kind(), help="the game")
        parser.add_argument("--players", type=int, default=4, choices=range(2, 5))
        parser.add_argument("--moves", type=int, default=30, help="bot moves before handing over to Alice")
        parser.add_argument("--seed", type=int, default=None)

    def handle(self, *args: Any, kind: str, players: int, moves: int, seed: int | None, **options: Any) -> None:
        with transaction.atomic():  # all or nothing: no half-made demo game if something fails
            self._demo(kind, players, moves, seed)

    def _demo(self, kind: str, players: int, moves: int, seed: int | None) -> None:
        users = []
        for login, name, language in NAMES[:players]:
            user = User.objects.filter(email=f"{login}@example.org").first()
            if user is None:
                user = User.objects.create_user(
                    f"{login}@example.org",
                    PASSWORD,
                    display_name=name,
                    language=language,
                    time_zone="Europe/Berlin",
                    email_verified_at=timezone.now(),
                )
            users.append(user)
        game = services.create_game(users[0], kind, players)
        for user in users[1:]:
            services.join_game(user, game.pk)
        services.start_game(users[0], game.pk)
        game.refresh_from_db()
        by_seat = {seat.index: seat.user for seat in game.seats.all()}
        alice_seat = next(s for s, u in by_seat.items() if u.pk == users[0].pk)
        rng = random.Random(seed)
        played = 0
        # The bots play `moves` moves, then on until Alice has a decision to make.
        while game.status == Game.Status.ACTIVE and (played < moves or alice_seat not in game.awaiting):
            if played >= moves + 500:
                break
            seat = next((s for s in game.awaiting if s != alice_seat or played < moves), game.awaiting[0])
            state = store.load_state(game)
            command = get_kind(kind).timeout_bot(state, seat, rng)
            services.execute(by_seat[seat], game.pk, command, idempotency_key=f"demo-{game.version}")
            played += 1
            game.refresh_from_db()
        self.stdout.write(self.style.SUCCESS(f"Game {game.pk}: {played} bot moves, version {game.version}, "
                                             f"waiting for seats {game.awaiting}."))
        self.stdout.write(f"Players (password {PASSWORD!r} for each):")
        for seat, user in sorted(by_seat.items()):
            self.stdout.write(f"  seat {seat}: {user.email} ({user.display_name})")
        # A command Alice may send now (the first she is offered), so that the example is not refused.
        legal: list[dict[str, Any]] = []
        if alice_seat is not None and alice_seat in game.awaiting:
            legal = get_kind(kind).rules.legal_commands(store.load_state(game), alice_seat)
        example = json.dumps({"command": legal[0] if legal else {"type": "end_turn"}})
        self.stdout.write(
            f"\nSign in on the web at {site_link('accounts:login')} or get an API token:\n"
            f"  curl -s -X POST {site_link('api:api-token')} -H 'Content-Type: application/json' \\\n"
            f"       -d '{{\"email\": \"alice@example.org\", \"password\": \"{PASSWORD}\"}}'\n"
            "then:\n"
            f"  curl -s {site_link('api:game-detail', game.pk)} -H 'Authorization: Token TOKEN'\n"
            f"  curl -s -X POST {site_link('api:game-commands', game.pk)} -H 'Authorization: Token TOKEN' \\\n"
            f"       -H 'Content-Type: application/json' -H 'Idempotency-Key: 1' -d '{example}'\n"
            f"The game page: {site_link('game-page', game.pk)}   API docs: {site_link('docs')}"
        )
