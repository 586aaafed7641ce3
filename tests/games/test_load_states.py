"""Loading the states of several games at several versions at once (a batch of emails) gives what loading
each alone gives, from snapshots, from the cache or from the beginning, in a fixed number of queries."""

from __future__ import annotations

import random
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import store
from games.models import Snapshot

from .helpers import full_fold, play_random, started_game


def test_states_of_several_games_and_versions_are_those_loaded_one_by_one(make_user: Any, settings: Any) -> None:
    settings.GAMES_SNAPSHOT_EVERY = 7
    users = [make_user() for _ in range(3)]
    games = [started_game(users), started_game(users[::-1]), started_game(users[1:] + users[:1])]
    for n, game in enumerate(games):
        play_random(game, random.Random(n), max_commands=20)
    assert all(Snapshot.objects.filter(game=game, seq=7).exists() for game in games)
    store.state_cache.clear()
    # The first game starts from its snapshot at 7, the second from its state at 9 in the cache, the third
    # from the beginning; each folds on through its versions.
    store.state_cache.put((games[1].pk, games[1].rng_salt, 9), full_fold(games[1], at=9))
    versions = [(8, 11, 15, games[0].version), (10, 12, 15, games[1].version), (1, 2, 5, games[2].version)]
    wanted = [(game, version) for game, some in zip(games, versions, strict=True) for version in some]
    with CaptureQueriesContext(connection) as queries:
        states = store.load_states([*wanted, (games[0], 0)])
    assert len(queries) <= 3  # where the snapshots are, their states, the events: for any number of games
    assert set(states) == {(game.pk, version) for game, version in wanted}
    for game, version in wanted:
        assert states[game.pk, version] == full_fold(game, at=version), (game.pk, version)
    assert store.load_states([]) == {}
