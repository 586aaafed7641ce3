"""games.unit_of_work: the same writes, at once outside a unit, at its end inside one; a part that fails
leaves none of its rows; a game's row is written once, compared with the version its first command read."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Absence, Game, SeatPresence
from games.unit_of_work import ProjectionConflict, insert, part, read, unit_of_work, write_projection

from .helpers import started_game


def _absence(user: Any, days: int) -> Absence:
    now = timezone.now()
    return Absence(user=user, starts_at=now + timedelta(days=days), ends_at=now + timedelta(days=days + 1))


def _writes(queries: CaptureQueriesContext) -> list[str]:
    """The INSERT and UPDATE statements among the captured ones, by their first word."""
    words = [query["sql"].split()[0].upper() for query in queries.captured_queries]
    return [word for word in words if word in ("INSERT", "UPDATE")]


@pytest.mark.django_db
def test_rows_are_written_at_once_outside_a_unit_and_at_its_end_inside(make_user: Any) -> None:
    ann = make_user("ann")
    insert([_absence(ann, 1)])
    assert Absence.objects.filter(user=ann).count() == 1
    with CaptureQueriesContext(connection) as queries, transaction.atomic(), unit_of_work():
        for days in (3, 5, 7):
            insert([_absence(ann, days)])
        assert Absence.objects.filter(user=ann).count() == 1  # nothing yet
    assert _writes(queries) == ["INSERT"]  # the three in one statement
    assert Absence.objects.filter(user=ann).count() == 4


@pytest.mark.django_db
def test_a_part_that_fails_leaves_none_of_its_rows(make_user: Any) -> None:
    ann = make_user("ann")
    with transaction.atomic(), unit_of_work():
        with part():
            insert([_absence(ann, 1)])
        with pytest.raises(RuntimeError), part():
            insert([_absence(ann, 3)])
            raise RuntimeError("this game broke")
        with part():
            insert([_absence(ann, 5)])
    starts = sorted(a.starts_at.date() for a in Absence.objects.filter(user=ann))
    assert starts == [(timezone.now() + timedelta(days=d)).date() for d in (1, 5)]


@pytest.mark.django_db
def test_a_games_row_is_written_once_from_the_version_its_first_command_read(make_user: Any) -> None:
    game = started_game([make_user("ann"), make_user("bob")])
    read_at = game.version
    with CaptureQueriesContext(connection) as queries, transaction.atomic(), unit_of_work():
        game.version, game.head_hash = read_at + 1, "a" * 64
        assert write_projection(game, read_at, ("version", "head_hash"))
        game.version, game.timed_out = read_at + 2, True
        assert write_projection(game, read_at + 1, ("version", "timed_out"))
    assert _writes(queries) == ["UPDATE"]
    stored = Game.objects.get(pk=game.pk)
    assert (stored.version, stored.head_hash, stored.timed_out) == (read_at + 2, "a" * 64, True)
    # Outside a unit the compare-and-set answers at once; inside one, the unit refuses when it writes.
    assert not write_projection(game, read_at, ("version",))
    with pytest.raises(ProjectionConflict), transaction.atomic(), unit_of_work():
        game.version = read_at + 3
        write_projection(game, read_at, ("version",))
    assert Game.objects.get(pk=game.pk).version == read_at + 2


@pytest.mark.django_db
def test_a_read_is_made_once_for_the_units_games_and_sees_the_rows_kept_before_it(make_user: Any) -> None:
    games = [started_game([make_user(f"a{i}"), make_user(f"b{i}")]) for i in range(3)]
    asked: list[list[int]] = []

    def records(game_ids: list[int]) -> dict[int, list[tuple[int, int]]]:
        asked.append(sorted(game_ids))
        return {g: sorted(SeatPresence.objects.filter(game_id=g).values_list("seat", "consecutive_timeouts"))
                for g in game_ids}

    def timeouts(game: Game) -> list[tuple[int, int]]:
        return read("test.records", game.pk, records, models=(SeatPresence,))

    assert timeouts(games[0]) == [] and asked == [[games[0].pk]]  # outside a unit: its own game
    asked.clear()
    with transaction.atomic(), unit_of_work([g.pk for g in games]):
        assert timeouts(games[0]) == timeouts(games[2]) == []
        assert asked == [sorted(g.pk for g in games)]  # one read for the three
        insert([SeatPresence(game=games[1], seat=0, consecutive_timeouts=1)])
        insert([SeatPresence(game=games[1], seat=1, consecutive_timeouts=2)])
        assert timeouts(games[1]) == [(0, 1), (1, 2)]  # the kept rows written first, then read again
        assert timeouts(games[2]) == [] and asked[1:] == [[games[1].pk]]
        insert([SeatPresence(game=games[2], seat=0, consecutive_timeouts=3)])  # kept to the end: nobody reads it
    assert asked[2:] == []
    assert sorted(SeatPresence.objects.filter(game__in=games).values_list("game_id", "seat")) == sorted(
        [(games[1].pk, 0), (games[1].pk, 1), (games[2].pk, 0)])
