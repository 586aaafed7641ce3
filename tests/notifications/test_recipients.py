"""The outbox writers' read of a game's seats: seats in order, their users, the preferences (or
DoesNotExist, without another query) and the absent flags, in one statement; inside a unit of work opened
for several games, one statement for all of them."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game, Seat, SeatPresence
from games.unit_of_work import insert, unit_of_work
from notifications.models import Preference
from notifications.recipients import seats_of
from tests.games.helpers import started_game


def _fields(instance: Any) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


@pytest.mark.django_db
def test_seats_users_preferences_and_absence_in_one_statement(make_user: Any) -> None:
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    Preference.objects.create(user=bob, mode=Preference.Mode.DIGEST, opted_out=["reminder"])
    game = started_game([ann, bob, cat])
    absent_seat = Seat.objects.get(game=game, user=cat).index
    SeatPresence.objects.create(game=game, seat=absent_seat, consecutive_timeouts=3, absent_since=timezone.now())
    SeatPresence.objects.create(game=game, seat=(absent_seat + 1) % 3, consecutive_timeouts=1)  # not absent
    expected = list(Seat.objects.filter(game=game, index__isnull=False).order_by("index").select_related("user"))
    game.refresh_from_db()
    assert game.timed_out  # marked by its first timeout record

    with CaptureQueriesContext(connection) as queries:
        seats = seats_of(game)
        assert [_fields(s) for s in seats] == [_fields(s) for s in expected] and len(seats) == 3
        assert [_fields(s.user) for s in seats] == [_fields(s.user) for s in expected]
        assert [s.index for s in seats if s.absent] == [absent_seat]
        for seat in seats:
            if seat.user == bob:
                pref = seat.user.notification_pref  # type: ignore[attr-defined]
                assert _fields(pref) == _fields(Preference.objects.get(user=bob)) and pref.user is seat.user
            else:
                with pytest.raises(Preference.DoesNotExist):
                    seat.user.notification_pref  # type: ignore[attr-defined]  # noqa: B018
    assert len(queries.captured_queries) == 2  # ours, and the Preference.objects.get of the check
    assert seats_of(Game(pk=10**9, timed_out=True)) == [] == seats_of(Game(pk=10**9))


@pytest.mark.django_db
def test_a_unit_of_work_reads_the_seats_of_all_its_games_at_once(make_user: Any) -> None:
    users = [make_user(name) for name in ("ann", "bob", "cat", "dan")]
    games = [started_game(users[:2]), started_game(users[1:3]), started_game(users[2:])]
    for game in games:
        game.timed_out = True  # as the deadline's enforcement marks it before it writes a timeout record
    alone = {game.pk: [_fields(s) for s in seats_of(game)] for game in games}
    with CaptureQueriesContext(connection) as queries, transaction.atomic(), unit_of_work([g.pk for g in games]):
        together = {game.pk: [_fields(s) for s in seats_of(game)] for game in reversed(games)}
        assert together == alone and all(len(seats) == 2 for seats in together.values())
        assert len(queries.captured_queries) == 2  # the savepoint, and one read for the three games
        # A row the unit keeps (a seat marked absent) is written before the next read of its game, which sees
        # it; the other games' reads stay as they were kept.
        seat = together[games[1].pk][0]["index"]
        insert([SeatPresence(game=games[1], seat=seat, consecutive_timeouts=3, absent_since=timezone.now())],
               update_conflicts=True, unique_fields=["game", "seat"], update_fields=["consecutive_timeouts", "absent_since"])
        before = len(queries.captured_queries)
        assert [s.absent for s in seats_of(games[0])] == [False, False]
        assert len(queries.captured_queries) == before
        assert [s.index for s in seats_of(games[1]) if s.absent] == [seat]
        assert len(queries.captured_queries) == before + 2  # the row, then the read of its game


@pytest.mark.django_db
def test_a_game_never_timed_out_has_no_absent_seat_and_asks_for_none(make_user: Any) -> None:
    """No seat of a game that never timed out has a timeout record: its seats are read without the subquery
    for absences (the same seats, users and preferences as with it, every one present)."""
    game = started_game([make_user("ann"), make_user("bob")])
    assert not game.timed_out
    with CaptureQueriesContext(connection) as queries:
        seats = seats_of(game)
    assert len(queries.captured_queries) == 1 and "seatpresence" not in queries.captured_queries[0]["sql"].lower()
    assert [s.absent for s in seats] == [False, False]
    game.timed_out = True
    with CaptureQueriesContext(connection) as queries:
        checked = seats_of(game)
    assert "seatpresence" in queries.captured_queries[0]["sql"].lower()
    assert [(_fields(s), _fields(s.user), s.absent) for s in checked] == [(_fields(s), _fields(s.user), False) for s in seats]
