"""The hash chain: an event edited behind the application's back (here: with the guard trigger dropped
inside the test's transaction) is found by verify_events."""

from __future__ import annotations

import random
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from games import integrity

from .helpers import play_random, started_game

pytestmark = pytest.mark.django_db


def drop_guard() -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # ALTER TABLE waits for no deferred checks
            cursor.execute("ALTER TABLE games_event DISABLE TRIGGER games_event_no_update")
        else:
            cursor.execute("DROP TRIGGER games_event_no_update")


def test_an_edited_event_breaks_the_chain(make_user: Any) -> None:
    game = started_game([make_user(), make_user(), make_user()])
    play_random(game, random.Random(9), max_commands=12)
    assert integrity.verify(game) == []
    drop_guard()
    with connection.cursor() as cursor:
        # Pin event 3 on another seat: the kind of quiet edit the chain exists to reveal.
        cursor.execute("UPDATE games_event SET actor_seat = 2 WHERE game_id = %s AND seq = 3", [game.pk])
    problems = integrity.verify(game)
    assert any("event 3" in p and "hash" in p for p in problems), problems
    with pytest.raises(CommandError):
        call_command("verify_events", str(game.pk), stdout=StringIO())


def test_a_removed_event_is_a_gap(make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    play_random(game, random.Random(10), max_commands=6)
    drop_guard()
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM games_event WHERE game_id = %s AND seq = 2", [game.pk])
    problems = integrity.verify(game)
    assert any("gap" in p for p in problems) and any("prev_hash" in p for p in problems), problems
