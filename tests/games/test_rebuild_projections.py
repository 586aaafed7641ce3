"""`manage.py rebuild_projections`: corrupted projection columns or snapshots are rebuilt from the log (then
verify_events passes and the game plays on); a broken log is reported and nothing is changed."""

from __future__ import annotations

import random
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from games import integrity, services
from games.models import Game, Snapshot

from .helpers import full_fold, play_random, started_game
from .test_log_integrity import drop_guard

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _snapshot_often(settings: Any) -> None:
    settings.GAMES_SNAPSHOT_EVERY = 5


def played(make_user: Any, commands: int = 14, seed: int = 3) -> Game:
    game = started_game([make_user(), make_user(), make_user()])
    play_random(game, random.Random(seed), max_commands=commands)
    assert game.status == Game.Status.ACTIVE and integrity.verify(game) == []
    return game


def rebuild(*args: str) -> str:
    out = StringIO()
    call_command("rebuild_projections", *args, stdout=out)
    return out.getvalue()


def verify_command(game: Game) -> None:
    call_command("verify_events", str(game.pk), stdout=StringIO())  # raises CommandError on a problem


def test_corrupted_columns_are_rebuilt_and_the_game_plays_on(make_user: Any) -> None:
    game = played(make_user)
    right = Game.objects.values("version", "head_hash", "awaiting", "status", "deadline_version").get(pk=game.pk)
    Game.objects.filter(pk=game.pk).update(
        head_hash="0" * 64, awaiting=[], status=Game.Status.FINISHED, deadline_at=None, deadline_version=None
    )
    game.refresh_from_db()
    assert any("head_hash" in p for p in integrity.verify(game)) and any("awaits" in p for p in integrity.verify(game))
    with pytest.raises(CommandError):
        verify_command(game)
    text = rebuild(str(game.pk))
    assert f"game {game.pk}: rebuilt (" in text and "status finished -> active" in text, text
    game.refresh_from_db()
    assert Game.objects.values("version", "head_hash", "awaiting", "status", "deadline_version").get(pk=game.pk) == right
    assert game.deadline_at is not None and game.finished_at is None
    verify_command(game)
    assert play_random(game, random.Random(4), max_commands=8) == 8
    assert integrity.verify(game) == []


def test_a_corrupted_snapshot_is_taken_again(make_user: Any) -> None:
    game = played(make_user)
    first, second = Snapshot.objects.filter(game=game).order_by("seq")[:2]
    Snapshot.objects.filter(pk=second.pk).update(state=first.state)  # a valid state, at the wrong place
    assert integrity.verify(game) == [f"snapshot at {second.seq} differs from the fold"]
    text = rebuild(str(game.pk))
    assert "columns were right" in text and "snapshots: " in text, text
    assert integrity.verify(game) == []
    every = 5
    assert list(Snapshot.objects.filter(game=game).order_by("seq").values_list("seq", flat=True)) == list(
        range(every, game.version + 1, every)
    )
    # Loading now starts from the retaken snapshot and equals the fold from the beginning.
    from games import store

    store.state_cache.clear()
    assert store.load_state(game) == full_fold(game)
    play_random(game, random.Random(5), max_commands=6)
    assert integrity.verify(game) == []


def test_a_broken_log_is_reported_and_nothing_changes(make_user: Any) -> None:
    game = played(make_user)
    Game.objects.filter(pk=game.pk).update(awaiting=[])
    snapshots = list(Snapshot.objects.filter(game=game).order_by("seq").values_list("seq", "state"))
    drop_guard()
    with connection.cursor() as cursor:
        cursor.execute("UPDATE games_event SET actor_seat = 2 WHERE game_id = %s AND seq = 3", [game.pk])
    out = StringIO()
    with pytest.raises(CommandError, match="could not be rebuilt"):
        call_command("rebuild_projections", str(game.pk), stdout=out)
    assert "the log itself is broken" in out.getvalue() and "event 3" in out.getvalue()
    game.refresh_from_db()
    assert game.awaiting == []  # rolled back: still the corrupted column
    assert list(Snapshot.objects.filter(game=game).order_by("seq").values_list("seq", "state")) == snapshots


def test_every_started_game_without_an_argument(make_user: Any) -> None:
    one, two = played(make_user, seed=6), played(make_user, seed=7)
    services.create_game(make_user(), "citadels", 3)  # open: no log, not rebuilt
    Snapshot.objects.filter(game=two).delete()
    text = rebuild()
    assert f"game {one.pk}: rebuilt" in text and f"game {two.pk}: rebuilt" in text and "2 game(s) rebuilt" in text
    assert Snapshot.objects.filter(game=two).exists() and integrity.verify(two) == []


def test_bad_input(make_user: Any) -> None:
    with pytest.raises(CommandError, match="no game 999999"):
        rebuild("999999")
    open_game = services.create_game(make_user(), "citadels", 3)
    with pytest.raises(CommandError, match="has not started"):
        rebuild(str(open_game.pk))
    with pytest.raises(CommandError):
        rebuild("abc")
