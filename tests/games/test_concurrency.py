"""Racing commands from several threads, each with its own database connection (real transactions).

On PostgreSQL the game row lock (SELECT ... FOR UPDATE) serialises writers; on SQLite the IMMEDIATE
transactions do. Either way UNIQUE(game, seq) and the version compare-and-set are the last guards.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from citadels import RULES
from core.errors import ServiceError
from games import integrity, services, store
from games.models import Command, Event, Game
from tests.threads import race

from .helpers import seat_users, started_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

THREADS = 6


def assert_log_is_whole(game: Game) -> None:
    game.refresh_from_db()
    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, game.version + 1)), "gap or duplicate in the log"
    assert integrity.verify(game) == []
    # Each applied command owns exactly its own contiguous block of events.
    blocks = sorted(Command.objects.filter(game=game).values_list("first_seq", "last_seq"))
    for (_, last), (first, _) in zip(blocks, blocks[1:], strict=False):
        assert first == last + 1 or first > last


def test_expected_version_lets_exactly_one_racer_apply(make_user: Any) -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    rng = random.Random(7)
    for _ in range(8):  # several rounds, each a fresh race for the current version
        game.refresh_from_db()
        if game.status != "active":
            break
        seat = game.awaiting[0]
        user = seat_users(game)[seat]
        legal = RULES.legal_commands(store.load_state(game, use_cache=False), seat)
        version = game.version
        calls = [
            partial(services.execute, user, game.pk, rng.choice(legal), f"v{version}-{i}", expected_version=version)
            for i in range(THREADS)
        ]
        results = race(calls)
        applied = [r for r in results if isinstance(r, services.CommandResult)]
        refused = [r for r in results if isinstance(r, ServiceError)]
        assert len(applied) == 1, results
        assert len(refused) == THREADS - 1 and all(r.status == 409 for r in refused), results
        assert Command.objects.filter(game=game, first_seq=version + 1).count() == 1
        assert_log_is_whole(game)


def test_racers_without_expected_version_are_redecided_on_fresh_state(make_user: Any) -> None:
    users = [make_user() for _ in range(4)]
    game = started_game(users)
    rng = random.Random(8)
    for _ in range(8):
        game.refresh_from_db()
        if game.status != "active":
            break
        before = game.version
        by_seat = seat_users(game)
        state = store.load_state(game, use_cache=False)
        calls = []
        for i in range(THREADS):
            seat = rng.choice(game.awaiting)
            command = rng.choice(RULES.legal_commands(state, seat))
            calls.append(partial(services.execute, by_seat[seat], game.pk, command, f"r{before}-{i}"))
        results = race(calls)
        applied = [r for r in results if isinstance(r, services.CommandResult)]
        assert applied, results
        # Anything not applied was refused with a 4xx (illegal on the new state, or not that seat's turn).
        assert all(isinstance(r, services.CommandResult) or (isinstance(r, ServiceError) and r.status < 500) for r in results)
        assert Command.objects.filter(game=game, first_seq__gt=before).count() == len(applied)
        versions = sorted(r.version for r in applied)
        assert len(set(versions)) == len(versions)  # no two commands applied to the same version
        assert_log_is_whole(game)


def test_the_same_idempotency_key_racing_applies_once(make_user: Any) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users)
    seat = game.awaiting[0]
    user = seat_users(game)[seat]
    command = RULES.legal_commands(store.load_state(game, use_cache=False), seat)[0]
    results = race([lambda: services.execute(user, game.pk, command, "one-key") for _ in range(THREADS)])
    assert all(isinstance(r, services.CommandResult) for r in results), results
    assert len({(str(r.events), r.version) for r in results}) == 1
    assert sum(not r.replayed for r in results) == 1
    assert Command.objects.filter(game=game).count() == 1
    assert_log_is_whole(game)
