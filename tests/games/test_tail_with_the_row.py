"""A process whose cached state of a game is a few events behind (another web process served the commands)
reads the missing events with the game's row, in the one statement of a GET or a command, and folds them:
`store.game_with_seat_names`, `store.game_for_command`; on PostgreSQL as on SQLite."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import transaction

from games import store, store_sql
from games.models import Game
from games.store import state_cache

from .helpers import full_fold, play_random, seat_users, started_game


def _behind(make_user: Any, moves: int) -> tuple[Game, int]:
    """A game `moves` commands past the version this process's cache holds, which is all it holds."""
    game = started_game([make_user("ann"), make_user("bob")])
    play_random(game, random.Random(5), max_commands=4)
    cached_at = game.version
    play_random(game, random.Random(6), max_commands=moves)
    state_cache.clear()
    store.load_state(game, at=cached_at)  # outside a transaction: filed under its version
    assert state_cache.newest_version(game.pk) == cached_at
    game.refresh_from_db()
    assert game.version > cached_at
    return game, cached_at


@pytest.mark.django_db(transaction=True)
def test_a_get_reads_the_missing_events_with_the_row(make_user: Any, django_assert_num_queries: Any) -> None:
    game, cached_at = _behind(make_user, 2)
    with django_assert_num_queries(1):
        found = store.game_with_seat_names(game.pk)
    assert found is not None
    assert [seq for seq, _ in found.tail] == list(range(cached_at + 1, game.version + 1))
    with django_assert_num_queries(0):
        state = store.load_state(found.game)
    assert state == full_fold(game)


@pytest.mark.django_db(transaction=True)
def test_a_command_reads_the_missing_events_with_the_locked_row(make_user: Any, django_assert_num_queries: Any) -> None:
    game, cached_at = _behind(make_user, 3)
    user = seat_users(game)[game.awaiting[0]]
    with transaction.atomic():
        with django_assert_num_queries(1):
            target = store.game_for_command(game.pk, user.pk, "k1")
        assert target is not None and len(target.tail) == game.version - cached_at
        with django_assert_num_queries(0):
            state = store.load_state(target.game)
    assert state == full_fold(game)


@pytest.mark.django_db(transaction=True)
def test_an_incomplete_tail_is_not_folded(make_user: Any, django_assert_num_queries: Any) -> None:
    """After a wait for the row's lock the statement's snapshot may lack the newest events: then the state
    is read as before (the tail by a statement of its own), never folded from part of them."""
    game, cached_at = _behind(make_user, 2)
    found = store_sql.game_with_seat_names(game.pk, cached_at, 50)
    assert found is not None and len(found.tail) == game.version - cached_at
    store._fold_tail(found.game, cached_at, found.tail[:-1])
    with django_assert_num_queries(1):  # the tail, read again
        state = store.load_state(found.game)
    assert state == full_fold(game)


@pytest.mark.django_db(transaction=True)
def test_nothing_cached_reads_no_events_with_the_row(make_user: Any) -> None:
    game = started_game([make_user("ann"), make_user("bob")])
    state_cache.clear()
    found = store.game_with_seat_names(game.pk)
    assert found is not None and found.tail == []
    assert store.load_state(found.game) == full_fold(game)

