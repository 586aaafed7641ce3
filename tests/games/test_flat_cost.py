"""Flat cost (issue 41): no statement of a command or of a table page scans a game's whole log or all games.

A small store (a few thousand events of real 2-player games written through the store, two thousand more
game rows with their seats), ANALYZEd so that the planner makes its real choices (sequential scans are NOT
switched off): every statement of one command (`services.execute`) EXPLAINed passes the check of
benchmarks/scale_explain.py, the same that benchmarks/scale.py runs on its big store, and so does every
statement of a table page. And the check does fail on the plans it is there to catch.
"""

from __future__ import annotations

import random
import secrets
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection

from benchmarks import scale_explain, scale_fixture

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def _store() -> list[int]:
    """30 running games of ~100 events and 4 finished ones (archived cold) through the store, 2,000 more
    game rows with their seats; ANALYZEd. The ids of the running games played."""
    from accounts.models import User
    from games.models import Game, Seat

    assert connection.vendor == "postgresql", "the plans are PostgreSQL's (DATABASE_URL=postgres://...)"
    rng = random.Random(7)
    templates = [scale_fixture.play_template(("citadels", "dominion")[i % 2], rng, 100) for i in range(6)]
    users = [
        User.objects.create_user(email=f"flat{i}@example.org", password=None, display_name=f"flat{i}")
        for i in range(40)
    ]
    user_ids = [u.pk for u in users]
    scale_fixture.write_games([templates[i % len(templates)] for i in range(30)], user_ids, 0)
    # Finished games, moved to the cold partitions: a read by game finds rows in both.
    from games import archive

    scale_fixture.write_games(
        [scale_fixture.play_template("citadels", rng, None) for _ in range(4)], user_ids, 30
    )
    assert len(archive.archive_finished(timedelta(0)).games) == 4
    played = list(Game.objects.filter(version__gt=0, status=Game.Status.ACTIVE).values_list("pk", flat=True))
    others = Game.objects.bulk_create(
        [
            Game(
                kind="citadels",
                players=2,
                status=Game.Status.ACTIVE,
                awaiting=[0],
                version=0,
                created_by=users[i % 40],
                rng_salt=secrets.token_hex(8),
            )
            for i in range(2000)
        ]
    )
    Seat.objects.bulk_create(
        [Seat(game=g, user=users[(i + s) % 40], index=s) for i, g in enumerate(others) for s in range(2)]
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # (inside the test's transaction: ANALYZE counts its own rows)
    return played


def _statements(label: str) -> list[tuple[str, str]]:
    played = _store()
    from games.models import Event

    assert Event.objects.count() >= 2500
    statements = [
        (kind, sql) for kind, sql in scale_explain.command_and_page(played[len(played) // 2]) if kind == label
    ]
    assert len([sql for _, sql in statements if scale_explain.explainable(sql)]) >= 4, (
        statements
    )  # (real statements)
    return statements


def test_a_command_stays_flat() -> None:
    assert scale_explain.check(_statements("command"), show=False) == []


def test_a_table_page_stays_flat() -> None:
    assert scale_explain.check(_statements("page"), show=False) == []


def _problems_of(work: Any) -> list[str]:
    return scale_explain.check([("test", sql) for sql in scale_explain.capture(work)], show=False)


def test_the_check_fails_on_a_whole_log_all_games_and_a_sequential_scan() -> None:
    played = _store()
    from games.models import Command, Event, Game

    whole_log = _problems_of(
        lambda: list(Event.objects.filter(game_id=played[0]).values_list("seq", flat=True))
    )
    assert any("whole log" in p for p in whole_log), whole_log
    commands = _problems_of(
        lambda: list(Command.objects.filter(game_id=played[0]).values_list("pk", flat=True))
    )
    assert any("whole log" in p for p in commands), commands
    all_games = _problems_of(
        lambda: list(Game.objects.filter(status=Game.Status.ACTIVE).values_list("pk", flat=True))
    )
    assert any("rows" in p or "Seq Scan" in p for p in all_games), all_games
    by_type = _problems_of(
        lambda: list(Event.objects.filter(actor_seat=3).values_list("pk", flat=True))
    )
    assert any("Seq Scan on games_event" in p for p in by_type), by_type
    # A snapshot's read under a Limit, and a tail bounded by seq, are fine.
    bounded = _problems_of(
        lambda: list(
            Event.objects.filter(game_id=played[0], seq__gt=40, seq__lte=45).values_list("seq", flat=True)
        )
    )
    assert bounded == []
