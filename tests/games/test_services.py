"""Game services: lobby, seating and the random source, commands, idempotency, snapshots, the log."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import connection, transaction
from django.db.utils import DatabaseError

from citadels import RULES
from citadels.options import resolve
from core.errors import ServiceError
from games import hooks, integrity, services, store
from games.models import AppendOnlyError, Command, Event, Game, Seat, Snapshot

from .helpers import full_fold, play_random, seat_users, started_game

pytestmark = pytest.mark.django_db


def test_lobby_create_join_leave_start(make_user: Any) -> None:
    host, a, b = make_user(), make_user(), make_user()
    game = services.create_game(host, "citadels", 3)
    assert game.status == "open" and list(game.seats.values_list("user_id", flat=True)) == [host.pk]
    services.join_game(a, game.pk)
    with pytest.raises(ServiceError) as already:
        services.join_game(a, game.pk)
    assert already.value.code == "already_joined"
    services.leave_game(a, game.pk)
    services.join_game(a, game.pk)
    services.join_game(b, game.pk)
    with pytest.raises(ServiceError) as full:
        services.join_game(make_user(), game.pk)
    assert full.value.code == "game_full" and full.value.status == 409
    with pytest.raises(ServiceError) as not_host:
        services.start_game(a, game.pk)
    assert not_host.value.status == 403
    services.start_game(host, game.pk)
    game.refresh_from_db()
    assert game.status == "active" and game.version > 0 and game.awaiting
    assert sorted(Seat.objects.filter(game=game).values_list("index", flat=True)) == [0, 1, 2]
    assert game.deadline_at is not None and game.reminder_at is not None and game.deadline_at > game.reminder_at
    with pytest.raises(ServiceError) as leave_late:
        services.leave_game(a, game.pk)
    assert leave_late.value.code == "game_not_open"


def test_start_with_fewer_players_than_wanted_and_abandon(make_user: Any) -> None:
    host, other = make_user(), make_user()
    game = services.create_game(host, "citadels", 5)
    with pytest.raises(ServiceError) as alone:
        services.start_game(host, game.pk)
    assert alone.value.code == "not_enough_players"
    services.join_game(other, game.pk)
    services.start_game(host, game.pk)
    game.refresh_from_db()
    assert game.players == 2 and RULES.view(store.load_state(game), None)["players"].__len__() == 2
    empty = services.create_game(host, "citadels", 4)
    services.leave_game(host, empty.pk)
    empty.refresh_from_db()
    assert empty.status == "abandoned"


def test_a_start_short_of_the_players_the_options_need_names_that_number(make_user: Any) -> None:
    """Nine characters (without the online rules) need four players: the start with three says so, as the
    waiting room does, instead of the rules' refusal of the options."""
    from django.utils import translation

    ranks = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "artist"]
    host = make_user()
    game = services.create_game(host, "citadels", 6, options={"characters": ranks})
    assert services.fewest_players(game) == 4
    services.join_game(make_user(), game.pk)
    services.join_game(make_user(), game.pk)
    with translation.override("de"), pytest.raises(ServiceError) as short:
        services.start_game(host, game.pk)
    assert short.value.code == "not_enough_players" and short.value.status == 409
    assert short.value.message == "Zum Beginnen braucht es mindestens 4 Spieler."
    assert Game.objects.get(pk=game.pk).status == "open"
    services.join_game(make_user(), game.pk)
    assert services.start_game(host, game.pk).players == 4


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"kind": "chess", "players": 2}, "unknown_kind"),
        ({"players": 1}, "invalid_players"),
        ({"players": 9}, "invalid_players"),
        ({"players": 4, "options": {"deck": ["castle"] * 60}}, "invalid_options"),
        ({"players": 4, "options": "x"}, "invalid_options"),
        ({"players": 4, "options": {"edition": "1066"}}, "invalid_options"),
        ({"players": 4, "time_control": {"decision_hours": 0}}, "invalid_time_control"),
        ({"players": 4, "time_control": {"timeout_policy": "coinflip"}}, "invalid_time_control"),
    ],
)
def test_create_refuses_bad_settings(make_user: Any, kwargs: dict[str, Any], code: str) -> None:
    with pytest.raises(ServiceError) as refused:
        services.create_game(make_user(), **kwargs)
    assert refused.value.code == code and refused.value.status == 400
    assert not Game.objects.exists()


def test_random_source_is_secret_and_per_game(make_user: Any) -> None:
    users = [make_user() for _ in range(4)]
    one, two = started_game(users), started_game(users)
    deck_one = store.load_state(one).deck
    deck_two = store.load_state(two).deck
    assert deck_one != deck_two  # different games draw differently
    # The seed is a function of server secrets and the game; same game and version, same draw.
    assert services.game_rng(one).random() == services.game_rng(one).random()
    salt = one.rng_salt
    one.rng_salt = "0" * 64
    assert services.game_rng(one).random() != services.game_rng(Game.objects.get(pk=one.pk)).random()
    assert Game.objects.get(pk=one.pk).rng_salt == salt


def test_stacked_deck_only_when_trusted(make_user: Any) -> None:
    users = [make_user(), make_user()]
    deck = list(resolve({}, 2).deck)
    game = services.create_game(users[0], "citadels", 2, options={"deck": deck}, trusted=True)
    services.join_game(users[1], game.pk)
    services.start_game(users[0], game.pk)
    game.refresh_from_db()
    hands = [p.hand for p in store.load_state(game).players]
    assert list(hands[0]) + list(hands[1]) == deck[:8]


def test_execute_appends_events_and_projections(make_user: Any) -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    seat = game.awaiting[0]
    user = seat_users(game)[seat]
    state = store.load_state(game)
    command = RULES.legal_commands(state, seat)[0]
    before = game.version
    result = services.execute(user, game.pk, command, idempotency_key="k1")
    game.refresh_from_db()
    assert result.version == game.version > before
    assert [e["seq"] for e in result.events] == list(range(before + 1, game.version + 1))
    assert game.awaiting == RULES.awaiting(full_fold(game))
    rows = list(Event.objects.filter(game=game, seq__gt=before))
    assert all(r.actor_id == user.pk and r.actor_seat == seat and r.command_id for r in rows)
    assert integrity.verify(game) == []


def test_idempotent_retry_applies_once_and_answers_the_same(make_user: Any) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users)
    seat = game.awaiting[0]
    user = seat_users(game)[seat]
    command = RULES.legal_commands(store.load_state(game), seat)[0]
    first = services.execute(user, game.pk, command, idempotency_key="same")
    events, commands = Event.objects.count(), Command.objects.count()
    second = services.execute(user, game.pk, command, idempotency_key="same")
    assert (second.events, second.version, second.awaiting) == (first.events, first.version, first.awaiting)
    assert second.replayed and first.awaiting == RULES.awaiting(store.load_state(game, at=first.version))
    assert (Event.objects.count(), Command.objects.count()) == (events, commands)
    # The same key for a different command is a client bug: refused, nothing stored.
    other = {"type": "end_turn"} if command != {"type": "end_turn"} else {"type": "take_gold"}
    with pytest.raises(ServiceError) as reused:
        services.execute(user, game.pk, other, idempotency_key="same")
    assert reused.value.code == "idempotency_key_reused" and reused.value.status == 409
    # Even with a stale expected_version, a retry of an applied command gets its answer back.
    again = services.execute(user, game.pk, command, idempotency_key="same", expected_version=0)
    assert again.version == first.version
    # After the game moved on, still the answer of that time (the seats awaited then, not now).
    play_random(game, random.Random(3), max_commands=6)
    game.refresh_from_db()
    assert game.version > first.version
    later = services.execute(user, game.pk, command, idempotency_key="same")
    assert (later.events, later.version, later.awaiting) == (first.events, first.version, first.awaiting)


def test_stale_version_wrong_seat_and_illegal_commands_store_nothing(make_user: Any) -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    by_seat = seat_users(game)
    seat = game.awaiting[0]
    waiting = [s for s in by_seat if s not in game.awaiting][0]
    command = RULES.legal_commands(store.load_state(game), seat)[0]
    count = Event.objects.count()
    cases = [
        (lambda: services.execute(by_seat[seat], game.pk, command, expected_version=game.version - 1), 409, "version_conflict"),
        (lambda: services.execute(by_seat[waiting], game.pk, command), 403, "not_your_turn"),
        (lambda: services.execute(make_user(), game.pk, command), 403, "not_a_player"),
        (lambda: services.execute(by_seat[seat], game.pk, {"type": "fly_away"}), 400, None),
        (lambda: services.execute(by_seat[seat], game.pk, {"no": "type"}), 400, "malformed_command"),
        (lambda: services.execute(by_seat[seat], game.pk, ["take_gold"]), 400, "malformed_command"),
        (lambda: services.execute(by_seat[seat], 999999, command), 404, "game_not_found"),
    ]
    for call, status, code in cases:
        with pytest.raises(ServiceError) as refused:
            call()
        assert refused.value.status == status, refused.value
        if code:
            assert refused.value.code == code
        assert refused.value.message
    assert Event.objects.count() == count and not Command.objects.exists()


def test_finished_game_refuses_commands(make_user: Any) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users)
    play_random(game, random.Random(5))
    assert game.status == "finished" and game.awaiting == [] and game.finished_at is not None
    assert game.deadline_at is None
    with pytest.raises(ServiceError) as over:
        services.execute(users[0], game.pk, {"type": "take_gold"})
    assert over.value.code == "game_finished" and over.value.status == 409
    assert integrity.verify(game) == []


@pytest.mark.slow
def test_snapshot_plus_tail_equals_full_fold(make_user: Any, settings: Any) -> None:
    settings.GAMES_SNAPSHOT_EVERY = 7
    users = [make_user() for _ in range(4)]
    game = started_game(users)
    play_random(game, random.Random(11))
    snapshots = list(Snapshot.objects.filter(game=game).values_list("seq", flat=True))
    assert len(snapshots) >= game.version // 7 - 1 and snapshots
    for at in range(1, game.version + 1):
        from_snapshot = store.load_state(game, at=at, use_cache=False)
        folded = full_fold(game, at=at)
        assert from_snapshot == folded, at
        assert RULES.dump_state(from_snapshot) == RULES.dump_state(folded)
    assert integrity.verify(game) == []


def test_events_are_append_only(make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    event = Event.objects.filter(game=game).first()
    assert event is not None
    event.type = "forged"
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(game=game).update(type="forged")
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(game=game).delete()
    # Even raw SQL is refused by the database.
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE games_event SET type = 'forged' WHERE game_id = %s", [game.pk])
    assert not Event.objects.filter(type="forged").exists()


def test_verify_reports_a_projection_that_drifted(make_user: Any) -> None:
    game = started_game([make_user(), make_user()])
    assert integrity.verify(game) == []
    Game.objects.filter(pk=game.pk).update(awaiting=[5], version=game.version + 1)
    game.refresh_from_db()
    problems = integrity.verify(game)
    assert any("awaits" in p for p in problems) and any("version" in p for p in problems)


def test_hook_runs_in_the_transaction(make_user: Any) -> None:
    users = [make_user(), make_user()]
    seen: list[hooks.EventsAppended] = []

    def record(batch: hooks.EventsAppended) -> None:
        assert connection.in_atomic_block
        seen.append(batch)

    def explode(batch: hooks.EventsAppended) -> None:
        raise RuntimeError("outbox down")

    hooks.subscribe(record)
    try:
        game = started_game(users)
        assert seen and seen[-1].previous_status == "open" and seen[-1].game.status == "active"
        assert [e.seq for e in seen[-1].events] == list(range(1, game.version + 1))
        hooks.subscribe(explode)
        seat = game.awaiting[0]
        command = RULES.legal_commands(store.load_state(game), seat)[0]
        count = Event.objects.count()
        with pytest.raises(RuntimeError):
            services.execute(seat_users(game)[seat], game.pk, command)
        assert Event.objects.count() == count and not Command.objects.exists()
        game.refresh_from_db()
        assert game.version == count
    finally:
        hooks.unsubscribe(record)
        hooks.unsubscribe(explode)


def test_history_and_state_at(make_user: Any) -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    play_random(game, random.Random(3), max_commands=15)
    by_seat = seat_users(game)
    page = services.history(game, by_seat[0], after=2, limit=5)
    assert [e["seq"] for e in page["events"]] == [3, 4, 5, 6, 7] and page["next_after"] == 7
    for at in (1, game.version // 2, game.version):
        seen = services.state_at(game, by_seat[1], at)
        assert seen == {"version": at, "view": RULES.view(full_fold(game, at), 1)}
    for bad in (0, game.version + 1, "x", -1):
        with pytest.raises(ServiceError):
            services.state_at(game, by_seat[1], bad)
