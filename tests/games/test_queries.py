"""The written-out reads of games.queries (a game's row, its seats, the row locked for a command, absences)
and the rows written by config.rows.insert are what the ORM reads and writes, on PostgreSQL as on SQLite."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from citadels import RULES
from games import hooks, queries, services, store
from games.models import Absence, Command, Event, Game, Seat

from .helpers import seat_users, started_game


def _fields(game: Game) -> dict[str, Any]:
    return {f.attname: getattr(game, f.attname) for f in Game._meta.concrete_fields}


def _orm_seats(game: Game) -> list[tuple[int | None, int, str]]:
    return [(s.index, s.user_id, s.user.display_name) for s in
            game.seats.select_related("user").order_by("index", "joined_at", "id")]


@pytest.mark.django_db
def test_game_row_and_seats_as_the_orm_reads_them(make_user: Any) -> None:
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    started = started_game([ann, bob, cat], options={"edition": "2000"})
    waiting = services.create_game(ann, "citadels", 3, time_control={"decision_hours": 5})
    services.join_game(bob, waiting.pk)
    abandoned = services.create_game(cat, "citadels", 2)
    services.leave_game(cat, abandoned.pk)
    for game in (started, waiting, abandoned):
        orm = Game.objects.get(pk=game.pk)
        row = queries.game_row(game.pk)
        found = queries.game_and_seat_names(game.pk)
        assert row is not None and found is not None
        assert _fields(row) == _fields(found[0]) == _fields(orm)
        assert found[1] == queries.seat_names(game.pk) == _orm_seats(orm)
    assert [s[1] for s in queries.seat_names(started.pk)] != [] and queries.seat_names(abandoned.pk) == []
    assert queries.game_row(10**9) is None and queries.game_and_seat_names(10**9) is None


@pytest.mark.django_db
def test_the_locked_row_names_the_seat_and_the_earlier_command(make_user: Any) -> None:
    ann, bob, eve = make_user("ann"), make_user("bob"), make_user("eve")
    game = started_game([ann, bob])
    with transaction.atomic():
        locked = queries.lock_for_command(game.pk, ann.pk, "k1")
        assert locked is not None and _fields(locked) == _fields(Game.objects.get(pk=game.pk))
        assert locked.viewer_seat in (0, 1) and locked.prior_command_id is None  # type: ignore[attr-defined]
        outsider = queries.lock_for_command(game.pk, eve.pk, None)
        assert outsider is not None and outsider.viewer_seat is None  # type: ignore[attr-defined]


@pytest.mark.django_db
def test_appended_rows_are_the_stored_ones(make_user: Any) -> None:
    """The events and the command written out (config.rows.insert) are what the ORM reads back, their
    database-assigned ids included."""
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
    assert command is not None and not command._state.adding
    assert Command.objects.get(pk=command.pk).command == command.command and command.created_at is not None


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
    found = queries.absences_by_seat(game.pk, asked, now)
    assert found == expected and len(found[seat[ann.pk]]) == 2 and len(found[seat[bob.pk]]) == 1
    assert seat[cat.pk] not in found and queries.absences_by_seat(game.pk, [], now) == {}
