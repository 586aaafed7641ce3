"""`manage.py demo`: players and a game partly played by bots, and how to sign in."""

from __future__ import annotations

import json
import random
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from core.links import site_link
from games import services, store
from games.models import Game
from games.registry import default_kind, get_kind, kind_names

NAMES = [("alice", "Alice", "en"), ("bruno", "Bruno", "de"), ("chloe", "Chloé", "en"), ("dieter", "Dieter", "de"),
         ("emma", "Emma", "en"), ("felix", "Felix", "de"), ("greta", "Greta", "en"), ("hugo", "Hugo", "de")]
"""The demo's players, first to last (a kind for more players than these gets "player9" and on)."""
DEFAULT_PLAYERS = 4  # or the nearest count the kind's rules allow
PASSWORD = "demo-password-1"


class Command(BaseCommand):
    help = "Create demo players and a game that bots have played partly; print how to sign in."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--kind", choices=kind_names(), default=default_kind(), help="the game")
        parser.add_argument("--players", type=int, default=None,
                            help=f"how many players, as the game's rules allow (default {DEFAULT_PLAYERS})")
        parser.add_argument("--moves", type=int, default=30, help="bot moves before handing over to Alice")
        parser.add_argument("--seed", type=int, default=None)

    def handle(self, *args: Any, kind: str, players: int | None, moves: int, seed: int | None, **options: Any) -> None:
        rules = get_kind(kind).rules
        if players is None:
            players = min(max(DEFAULT_PLAYERS, rules.min_players), rules.max_players)
        if not rules.min_players <= players <= rules.max_players:
            raise CommandError(f"{kind} is played by {rules.min_players} to {rules.max_players} players, not {players}.")
        with transaction.atomic():  # all or nothing: no half-made demo game if something fails
            self._demo(kind, players, moves, seed)

    def _demo(self, kind: str, players: int, moves: int, seed: int | None) -> None:
        users = []
        more = [(f"player{n}", f"Player {n}", "en") for n in range(len(NAMES) + 1, players + 1)]
        for login, name, language in (NAMES + more)[:players]:
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
        self.stdout.write(
            f"\nSign in on the web at {site_link('accounts:login')} or get an API token:\n"
            f"  curl -s -X POST {site_link('api:api-token')} -H 'Content-Type: application/json' \\\n"
            f"       -d '{{\"email\": \"alice@example.org\", \"password\": \"{PASSWORD}\"}}'\n"
            "then:\n"
            f"  curl -s {site_link('api:game-detail', game.pk)} -H 'Authorization: Token TOKEN'\n"
            + self._example_command(game, alice_seat)
            + f"The game page: {site_link('game-page', game.pk)}   API docs: {site_link('docs')}"
        )

    @staticmethod
    def _example_command(game: Game, seat: int | None) -> str:
        """The curl line sending a command `seat` may send now (the first it is offered, so that the example
        is not refused), or a line saying it has none (the game is over, or waits for the others)."""
        legal = []
        if seat is not None and seat in game.awaiting:
            legal = get_kind(game.kind).rules.legal_commands(store.load_state(game), seat)
        if not legal:
            return "  (Alice has no move to send now: the game waits for the others or is over.)\n"
        example = json.dumps({"command": legal[0]})
        return (
            f"  curl -s -X POST {site_link('api:game-commands', game.pk)} -H 'Authorization: Token TOKEN' \\\n"
            f"       -H 'Content-Type: application/json' -H 'Idempotency-Key: 1' -d '{example}'\n"
        )
