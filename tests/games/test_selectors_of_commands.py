"""The selectors of games.queries (a game's row, locked or not, its seats, the caller's seat and earlier
command, absences) and the rows the store appends, on PostgreSQL as on SQLite."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from citadels import RULES
from core.errors import ServiceError
from games import hooks, selectors, services, store, store_sql
from games.models import Absence, Command, Event, Game, Seat
from games.services.writing import game_or_404

from .helpers import seat_users, started_game


def _three_games(make_user: Any) -> tuple[tuple[Any, Any, Any], tuple[Game, Game, Game]]:
    """Ann, Bob and Cat; a game the three started, one Ann opened and Bob joined, one Cat opened and left."""
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    started = started_game([ann, bob, cat], options={"edition": "2000"})
    waiting = services.create_game(ann, "citadels", 3, time_control={"decision_hours": 5})
    services.join_game(bob, waiting.pk)
    abandoned = services.create_game(cat, "citadels", 2)
    services.leave_game(cat, abandoned.pk)
    return (ann, bob, cat), (started, waiting, abandoned)


@pytest.mark.django_db
def test_seat_names_in_seat_order_then_joining_order(make_user: Any) -> None:
    (ann, bob, cat), (started, waiting, abandoned) = _three_games(make_user)
    by_user = {s.user_id: s.index for s in Seat.objects.filter(game=started)}
    assert sorted(by_user.values()) == [0, 1, 2]
    assert list(selectors.seat_names(started.pk)) == sorted(
        (by_user[user.pk], user.pk, user.display_name) for user in (ann, bob, cat)
    )
    # Before the start: no index yet, in the order the players joined.
    assert list(selectors.seat_names(waiting.pk)) == [(None, ann.pk, ann.display_name), (None, bob.pk, bob.display_name)]
    assert list(selectors.seat_names(abandoned.pk)) == [] and list(selectors.seat_names(10**9)) == []


@pytest.mark.django_db
def test_the_game_with_its_seat_names_in_one_statement(make_user: Any, django_assert_num_queries: Any) -> None:
    """`store_sql.game_with_seat_names` (the GET of a game): the row as the ORM loads it and the names as
    `selectors.seat_names` gives them, in one statement, on PostgreSQL as on SQLite."""
    (ann, bob, cat), (started, waiting, abandoned) = _three_games(make_user)
    type(bob).objects.filter(pk=bob.pk).update(deleted_at=timezone.now())  # a deleted account: no name
    for game in (started, waiting, abandoned):
        with django_assert_num_queries(1):
            found = store_sql.game_with_seat_names(game.pk)
        assert found is not None
        row, names = found.game, found.seats
        assert names == selectors.seat_names(game.pk)
        if game != abandoned:  # bob's seat: his deleted account shows no name
            assert [name for _, user_id, name in names if user_id == bob.pk] == [None]
        stored = Game.objects.get(pk=game.pk)
        assert {f.attname: getattr(row, f.attname) for f in Game._meta.concrete_fields} == {
            f.attname: getattr(stored, f.attname) for f in Game._meta.concrete_fields}
        assert not hasattr(row, "seat_rows")
    assert store_sql.game_with_seat_names(abandoned.pk).seats == []  # type: ignore[union-attr]
    assert store_sql.game_with_seat_names(10**9) is None


@pytest.mark.django_db
def test_a_game_is_found_one_way_locked_or_not(make_user: Any) -> None:
    game = started_game([make_user("ann"), make_user("bob")])
    with transaction.atomic():
        locked = game_or_404(game.pk, lock=True)
    assert locked == game_or_404(game.pk) == Game.objects.get(pk=game.pk)
    assert locked.version == game.version and locked.awaiting == game.awaiting
    for missing in (10**9, "x", 0, 2**63):
        with pytest.raises(ServiceError) as refused:
            game_or_404(missing)
        assert refused.value.code == "game_not_found"


@pytest.mark.django_db
def test_the_game_the_seat_and_the_earlier_command_of_the_caller_in_one_statement(
    make_user: Any, django_assert_num_queries: Any
) -> None:
    """`store_sql.game_for_command`: the game's row (as the ORM loads it), the caller's seat, their earlier
    command with the key, in one statement, on PostgreSQL as on SQLite."""
    ann, bob, eve = make_user("ann"), make_user("bob"), make_user("eve")
    game = started_game([ann, bob])
    seat = Seat.objects.get(game=game, user=ann).index
    with transaction.atomic(), django_assert_num_queries(1):
        target = store_sql.game_for_command(game.pk, ann.pk, "k1")
    assert target is not None and target.game == Game.objects.get(pk=game.pk)
    loaded = Game.objects.get(pk=game.pk)
    assert {f.attname: getattr(target.game, f.attname) for f in Game._meta.concrete_fields} == {
        f.attname: getattr(loaded, f.attname) for f in Game._meta.concrete_fields}
    assert set(vars(target.game)) == set(vars(loaded))  # no extra attribute left on the game
    assert (target.seated, target.seat, target.prior_id) == (True, seat, None)
    stranger = store_sql.game_for_command(game.pk, eve.pk, "")
    assert stranger is not None and (stranger.seated, stranger.seat, stranger.prior_id) == (False, None, None)
    assert store_sql.game_for_command(10**9, ann.pk, "k1") is None
    by_seat = seat_users(game)
    mover = game.awaiting[0]
    command = RULES.legal_commands(store.load_state(game), mover)[0]
    services.execute(by_seat[mover], game.pk, command, idempotency_key="k1")
    prior = Command.objects.get(game=game, idempotency_key="k1")
    again = store_sql.game_for_command(game.pk, by_seat[mover].pk, "k1")
    assert again is not None and (again.seat, again.prior_id) == (mover, prior.pk)
    assert again.game.version == game.version + 1
    fresh = store_sql.game_for_command(game.pk, by_seat[mover].pk, "k2")
    assert fresh is not None and (fresh.seat, fresh.prior_id) == (mover, None)
    other = store_sql.game_for_command(game.pk, by_seat[1 - mover].pk, "k1")  # keys are per user
    assert other is not None and (other.seat, other.prior_id) == (1 - mover, None)
    waiting = services.create_game(ann, "citadels", 2)
    before_start = store_sql.game_for_command(waiting.pk, ann.pk, "k1")
    assert before_start is not None and (before_start.seated, before_start.seat) == (True, None)


@pytest.mark.django_db
def test_appended_rows_are_the_stored_ones(make_user: Any) -> None:
    """The events and the command the store appends are what the ORM reads back, their database-assigned
    ids included; a player's command is not the service's."""
    batches: list[hooks.EventsAppended] = []
    hooks.subscribe(batches.append)
    try:
        game = started_game([make_user("ann"), make_user("bob")])
        seat = game.awaiting[0]
        state = store.load_state(game)
        services.execute(seat_users(game)[seat], game.pk, RULES.legal_commands(state, seat)[0], idempotency_key="k")
    finally:
        hooks.unsubscribe(batches.append)
    for batch in batches:
        stored = {e.pk: e for e in Event.objects.filter(game=game, seq__in=[e.seq for e in batch.events])}
        assert [e.pk for e in batch.events] == sorted(stored) and all(e.pk for e in batch.events)
        for event in batch.events:
            assert {f.attname: getattr(event, f.attname) for f in Event._meta.concrete_fields} == {
                f.attname: getattr(stored[event.pk], f.attname) for f in Event._meta.concrete_fields}
    command = batches[-1].command
    assert command is not None and command.created_at is not None
    stored_command = Command.objects.get(pk=command.pk)
    assert stored_command.command == command.command and not stored_command.by_service


@pytest.mark.django_db
def test_absences_by_seat_as_the_orm_reads_them(make_user: Any) -> None:
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    game = started_game([ann, bob, cat])
    now = timezone.now()
    for user, days in ((ann, (-5, -1)), (ann, (1, 3)), (ann, (4, 6)), (bob, (-1, 2)), (cat, (2, 9))):
        Absence.objects.create(user=user, starts_at=now + timedelta(days=days[0]), ends_at=now + timedelta(days=days[1]))
    seat = {s.user_id: s.index for s in Seat.objects.filter(game=game)}
    asked = [seat[ann.pk], seat[bob.pk]]
    expected: dict[int, list[Any]] = {}
    for index, starts_at, ends_at in Absence.objects.filter(
        user__seats__game=game, user__seats__index__in=asked, ends_at__gt=now
    ).values_list("user__seats__index", "starts_at", "ends_at"):
        expected.setdefault(index, []).append((starts_at, ends_at))
    found = selectors.absences_by_seat(game.pk, asked, now)
    assert found == expected and len(found[seat[ann.pk]]) == 2 and len(found[seat[bob.pk]]) == 1
    assert seat[cat.pk] not in found and selectors.absences_by_seat(game.pk, [], now) == {}
