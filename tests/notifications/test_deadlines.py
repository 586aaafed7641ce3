"""Deadlines: computed when a seat is awaited, paused by absences, enforced once through the command path."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import connection, connections, transaction

from citadels import RULES
from games import services, store
from games.deadlines import absences, clock, enforcement, reminders, sweep
from games.models import Command, Event, Game, SeatPresence
from notifications.models import Outbox
from notifications.rendering import render

from .helpers import seat_users, started_game

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_paused_deadline_skips_absences() -> None:
    day = timedelta(days=1)
    assert clock.paused_deadline(T0, day, []) == T0 + day
    # An absence inside the window pushes the deadline by its length.
    assert clock.paused_deadline(T0, day, [(T0 + timedelta(hours=6), T0 + timedelta(hours=10))]) == T0 + day + timedelta(hours=4)
    # One that already runs at the start: the clock starts when it ends.
    assert clock.paused_deadline(T0, day, [(T0 - day, T0 + day)]) == T0 + 2 * day
    # One after the deadline changes nothing; one that ended before changes nothing.
    assert clock.paused_deadline(T0, day, [(T0 + 2 * day, T0 + 3 * day), (T0 - 3 * day, T0 - day)]) == T0 + day
    # Two absences add up.
    two = [(T0 + timedelta(hours=1), T0 + timedelta(hours=2)), (T0 + timedelta(hours=3), T0 + timedelta(hours=5))]
    assert clock.paused_deadline(T0, day, two) == T0 + day + timedelta(hours=3)


def _game(make_user: Any, players: int = 4, **time_control: Any) -> Game:
    users = [make_user(f"p{i}") for i in range(players)]
    control = {"decision_hours": 24, "reminder_hours": 4, "timeout_policy": "bot", **time_control}
    return started_game(users, time_control=control)


def _act(game: Game, seat: int | None = None, pick: int = 0) -> None:
    game.refresh_from_db()
    seat = game.awaiting[0] if seat is None else seat
    state = store.load_state(game)
    command = RULES.legal_commands(state, seat)[pick]
    services.execute(seat_users(game)[seat], game.pk, command, idempotency_key=f"t{game.version}",
                     expected_version=game.version)


def test_deadline_and_reminder_are_recorded_when_a_seat_is_awaited(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game = _game(make_user)
    assert game.deadline_at == T0 + timedelta(hours=24)
    assert game.reminder_at == T0 + timedelta(hours=20)
    assert game.deadline_version == game.version
    with time_machine.travel(T0 + timedelta(hours=1), tick=False):
        _act(game)
    game.refresh_from_db()
    assert game.deadline_at == T0 + timedelta(hours=25)  # a new seat, a new clock
    assert game.deadline_version == game.version


def test_the_same_seat_going_on_keeps_its_clock_but_names_the_new_version(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game = _game(make_user)
        # Draft to the first turn.
        while Game.objects.get(pk=game.pk).awaiting and "take_gold" not in [
            c["type"] for c in RULES.legal_commands(store.load_state(Game.objects.get(pk=game.pk)), Game.objects.get(pk=game.pk).awaiting[0])
        ]:
            _act(game)
    game.refresh_from_db()
    deadline, seat = game.deadline_at, game.awaiting[0]
    with time_machine.travel(T0 + timedelta(hours=3), tick=False):
        game.refresh_from_db()
        state = store.load_state(game)
        take = {"type": "take_gold"}
        services.execute(seat_users(game)[seat], game.pk, take, idempotency_key="gold")
    game.refresh_from_db()
    assert game.awaiting == [seat]
    assert game.deadline_at == deadline and game.deadline_version == game.version
    assert state is not None


def test_a_passed_deadline_is_enforced_once_by_the_bot_and_marked_in_the_history(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game = _game(make_user)
    version, seat = game.version, game.awaiting[0]
    with time_machine.travel(T0 + timedelta(hours=23), tick=False):
        report = sweep.enforce_due_deadlines()
    assert report.enforced == 0
    game.refresh_from_db()
    assert game.version == version
    with time_machine.travel(T0 + timedelta(hours=24, minutes=1), tick=False):
        report = sweep.enforce_due_deadlines()
        again = sweep.enforce_due_deadlines()
        stale = enforcement.enforce_deadline(game.pk, version)
    assert report.enforced == 1 and report.commands >= 1
    assert again.enforced == 0 and stale is None
    game.refresh_from_db()
    assert game.version > version and seat not in game.awaiting
    commands = Command.objects.filter(game=game, first_seq__gt=version)
    assert commands.count() == report.commands
    assert all(c.by_service for c in commands)
    assert all(c.seat == seat for c in commands)
    presence = SeatPresence.objects.get(game=game, seat=seat)
    assert presence.consecutive_timeouts == 1 and presence.absent_since is None
    # The new seat has a fresh deadline from the moment of enforcement.
    assert game.deadline_at == T0 + timedelta(hours=48, minutes=1)


def test_a_player_who_moved_meanwhile_wins(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game = _game(make_user)
    version = game.version
    with time_machine.travel(T0 + timedelta(hours=25), tick=False):
        _act(game)  # the player moves late, but before the sweep
        assert enforcement.enforce_deadline(game.pk, version) is None
    game.refresh_from_db()
    assert not Command.objects.filter(game=game, idempotency_key__startswith="timeout:").exists()
    assert not SeatPresence.objects.filter(game=game, consecutive_timeouts__gt=0).exists()


def test_minimal_policy_takes_gold_and_ends_the_turn(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game = _game(make_user, timeout_policy="minimal")
    moment = T0
    # Enforce through the draft into the first turn: the draft picks the first legal character.
    seen_turn = False
    for _ in range(12):
        moment += timedelta(hours=25)
        with time_machine.travel(moment, tick=False):
            game.refresh_from_db()
            before = game.version
            sweep.enforce_due_deadlines()
        types = list(Event.objects.filter(game=game, seq__gt=before).values_list("type", flat=True))
        if "gold_taken" in types:
            seen_turn = True
            assert "district_built" not in types and "turn_ended" in types
            break
    assert seen_turn


def test_after_n_timeouts_the_seat_is_absent_and_played_at_once_until_back(make_user: Any, settings: Any,
                                                                            django_capture_on_commit_callbacks: Any) -> None:
    settings.GAMES_ABSENT_AFTER_TIMEOUTS = 2
    with time_machine.travel(T0, tick=False):
        game = _game(make_user, players=2)  # 2 players: the seats alternate, so one seat times out often
    quiet = game.awaiting[0]
    moment = T0
    for _ in range(40):
        game.refresh_from_db()
        if SeatPresence.objects.filter(game=game, seat=quiet, absent_since__isnull=False).exists():
            break
        moment += timedelta(hours=25)
        with time_machine.travel(moment, tick=False):
            if game.awaiting == [quiet]:
                sweep.enforce_due_deadlines()
            else:
                _act(game)
    presence = SeatPresence.objects.get(game=game, seat=quiet)
    assert presence.absent_since is not None and presence.consecutive_timeouts == 2
    assert Outbox.objects.filter(game=game, kind="timeout").count() == 0  # unverified players: no mail
    # From now on, whenever the quiet seat is awaited its deadline is "now" and a task is sent.
    for _ in range(20):
        game.refresh_from_db()
        if game.awaiting == [quiet] or game.status != "active":
            break
        with time_machine.travel(moment, tick=False), django_capture_on_commit_callbacks(execute=False) as callbacks:
            _act(game)
    game.refresh_from_db()
    assert game.status == "active"  # a 2-player game lasts far longer than these few moves
    assert game.awaiting == [quiet] and game.deadline_at == moment
    assert callbacks  # the enforce task is sent after commit
    with time_machine.travel(moment, tick=False):
        result = enforcement.enforce_deadline(game.pk, game.version)
    assert result is not None and result.commands >= 1
    # Coming back: no longer absent.
    user = seat_users(game)[quiet]
    assert absences.return_to_game(user, game.pk)
    presence.refresh_from_db()
    assert presence.absent_since is None and presence.consecutive_timeouts == 0


def test_a_players_own_move_resets_the_timeout_streak(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game = _game(make_user, players=2)
    quiet = game.awaiting[0]
    with time_machine.travel(T0 + timedelta(hours=25), tick=False):
        sweep.enforce_due_deadlines()
    assert SeatPresence.objects.get(game=game, seat=quiet).consecutive_timeouts == 1
    moment = T0 + timedelta(hours=25)
    for _ in range(10):
        game.refresh_from_db()
        with time_machine.travel(moment, tick=False):
            was = game.awaiting[0]
            _act(game)
        if was == quiet:
            break
    assert SeatPresence.objects.get(game=game, seat=quiet).consecutive_timeouts == 0


def test_vacation_pauses_deadlines_within_a_yearly_allowance(make_user: Any, settings: Any, api_client: Any) -> None:
    settings.GAMES_ABSENCE_DAYS_PER_YEAR = 10
    with time_machine.travel(T0, tick=False):
        game = _game(make_user)
        user = seat_users(game)[game.awaiting[0]]
        start = T0 + timedelta(hours=2)
        client = api_client(user)
        answer = client.post("/api/notifications/absences",
                             {"starts_at": start.isoformat(), "ends_at": (start + timedelta(days=3)).isoformat()}, format="json")
        assert answer.status_code == 201, answer.content
        game.refresh_from_db()
        assert game.deadline_at == T0 + timedelta(hours=24) + timedelta(days=3)
        assert game.reminder_at == game.deadline_at - timedelta(hours=4)
        overlapping = client.post("/api/notifications/absences",
                                  {"starts_at": (start + timedelta(days=1)).isoformat(),
                                   "ends_at": (start + timedelta(days=5)).isoformat()}, format="json")
        assert overlapping.status_code == 409
        too_long = client.post("/api/notifications/absences",
                               {"starts_at": (start + timedelta(days=20)).isoformat(),
                                "ends_at": (start + timedelta(days=28)).isoformat()}, format="json")
        assert too_long.status_code == 400 and too_long.json()["code"] == "absence_allowance_exceeded"
        bad = client.post("/api/notifications/absences", {"starts_at": "soon", "ends_at": 3}, format="json")
        assert bad.status_code == 400
        backwards = client.post("/api/notifications/absences",
                                {"starts_at": (start + timedelta(days=9)).isoformat(),
                                 "ends_at": (start + timedelta(days=8)).isoformat()}, format="json")
        assert backwards.status_code == 400
        assert len(client.get("/api/notifications/absences").json()["absences"]) == 1
    # Not enforced at the original deadline; enforced after the paused one.
    with time_machine.travel(T0 + timedelta(hours=25), tick=False):
        assert sweep.enforce_due_deadlines().enforced == 0
    with time_machine.travel(T0 + timedelta(days=4, hours=1), tick=False):
        assert sweep.enforce_due_deadlines().enforced == 1


def test_a_new_decision_starts_its_clock_after_the_players_absence(make_user: Any) -> None:
    with time_machine.travel(T0, tick=False):
        game = _game(make_user)
        nxt = None
        # The seat after the current one declares an absence starting now.
        state = store.load_state(game)
        del state
        users = seat_users(game)
        for seat, user in users.items():
            if seat != game.awaiting[0]:
                absences.declare_absence(user, T0, T0 + timedelta(days=2))
        _act(game)
        game.refresh_from_db()
        nxt = game.awaiting[0]
    assert nxt is not None
    assert game.deadline_at == T0 + timedelta(days=2, hours=24)


def test_reminder_is_sent_once_per_decision(verified_user: Any) -> None:
    users = [verified_user(f"r{i}") for i in range(3)]
    with time_machine.travel(T0, tick=False):
        game = started_game(users, time_control={"decision_hours": 24, "reminder_hours": 4})
    with time_machine.travel(T0 + timedelta(hours=19), tick=False):
        assert reminders.send_due_reminders() == 0
    with time_machine.travel(T0 + timedelta(hours=20, minutes=1), tick=False):
        assert reminders.send_due_reminders() == 1
        assert reminders.send_due_reminders() == 0
    reminder = Outbox.objects.get(game=game, kind="reminder")
    assert reminder.user == seat_users(game)[game.awaiting[0]]
    assert "2026-03-03 09:00" in render(reminder).text  # the deadline, in the reader's zone (UTC here)


def test_timeout_email_tells_what_was_played(verified_user: Any) -> None:
    users = [verified_user(f"q{i}", language="de") for i in range(3)]
    with time_machine.travel(T0, tick=False):
        game = started_game(users)
    seat = game.awaiting[0]
    with time_machine.travel(T0 + timedelta(hours=73), tick=False):
        sweep.enforce_due_deadlines()
    mail = Outbox.objects.get(game=game, kind="timeout")
    assert mail.user == seat_users(game)[seat]
    assert "Frist abgelaufen" in render(mail).subject
    assert "Was für dich gespielt wurde" in render(mail).text and "für den abwesenden Spieler gespielt" in render(mail).text


def test_page_shows_the_view_and_the_buttons(verified_user: Any, client: Any) -> None:
    users = [verified_user(f"w{i}", language="de") for i in range(3)]
    game = started_game(users)
    seat = game.awaiting[0]
    player = seat_users(game)[seat]
    client.force_login(player)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Deine Möglichkeiten" in page and 'class="cmd"' in page and "site.js" in page
    client.force_login(seat_users(game)[(seat + 1) % 3])
    other = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="cmd"' not in other
    assert client.get("/games/99999/").status_code == 404
    assert client.get(f"/games/{game.pk}/?at=zz").status_code == 400
    assert client.get(f"/games/{game.pk}/?at=1").status_code == 200
    client.logout()
    assert client.get(f"/games/{game.pk}/").status_code == 200  # spectators see the public view
    assert client.post(f"/games/{game.pk}/back").status_code == 302  # to the login page


def _reminder_and_timeout(game: Game, seat: int, version: int) -> tuple[Outbox | None, Outbox | None]:
    rows = {r.kind: r for r in Outbox.objects.filter(game=game, kind__in=("reminder", "timeout"))}
    reminder, timeout = rows.get("reminder"), rows.get("timeout")
    assert reminder is None or reminder.dedupe_key == f"reminder:{game.pk}:{seat}:{version}"
    assert timeout is None or timeout.dedupe_key == f"timeout:{game.pk}:{seat}:{version}"
    return reminder, timeout


def test_a_deadline_enforced_before_its_reminder_went_out_sends_the_reminder_first(verified_user: Any) -> None:
    """The reminder sweep did not write the reminder (it skipped the locked row, or the beat was down past
    both the reminder point and the deadline): the enforcement owes it and writes it before acting."""
    users = [verified_user(f"late{i}") for i in range(3)]
    with time_machine.travel(T0, tick=False):
        game = started_game(users, time_control={"decision_hours": 24, "reminder_hours": 4})
    seat, version = game.awaiting[0], game.version
    with time_machine.travel(T0 + timedelta(hours=24, minutes=1), tick=False):
        assert sweep.enforce_due_deadlines().enforced == 1
        assert reminders.send_due_reminders() == 0  # not a second one later
    reminder, timeout = _reminder_and_timeout(game, seat, version)
    assert reminder is not None and timeout is not None
    assert reminder.user == timeout.user == seat_users(game)[seat]
    assert reminder.pk < timeout.pk  # written first, so sent first


def test_a_reminder_sent_at_its_point_is_not_repeated_by_the_enforcement(verified_user: Any) -> None:
    users = [verified_user(f"once{i}") for i in range(3)]
    with time_machine.travel(T0, tick=False):
        game = started_game(users, time_control={"decision_hours": 24, "reminder_hours": 4})
    seat, version = game.awaiting[0], game.version
    with time_machine.travel(T0 + timedelta(hours=20, minutes=1), tick=False):
        assert reminders.send_due_reminders() == 1
    with time_machine.travel(T0 + timedelta(hours=24, minutes=1), tick=False):
        assert sweep.enforce_due_deadlines().enforced == 1
    assert Outbox.objects.filter(game=game, kind="reminder").count() == 1
    reminder, timeout = _reminder_and_timeout(game, seat, version)
    assert reminder is not None and timeout is not None and reminder.pk < timeout.pk


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_reminder_sweep_skipping_a_locked_game_does_not_let_the_timeout_go_out_unannounced(verified_user: Any) -> None:
    """The CI flake: the Celery worker held the game row (an `enforce_deadline` task) while the beat's body
    ran `send_due_reminders` (SKIP LOCKED: skipped), and had released it by `enforce_due_deadlines`."""
    assert connection.vendor == "postgresql", "row locks across threads need PostgreSQL (DATABASE_URL=postgres://...)"
    users = [verified_user(f"lock{i}") for i in range(3)]
    with time_machine.travel(T0, tick=False):
        game = started_game(users, time_control={"decision_hours": 12, "reminder_hours": 2})
    seat, version = game.awaiting[0], game.version
    locked, release = threading.Event(), threading.Event()

    def hold_the_row() -> None:
        try:
            with transaction.atomic():
                Game.objects.select_for_update().get(pk=game.pk)
                locked.set()
                release.wait(10)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_the_row)
    holder.start()
    try:
        assert locked.wait(10)
        with time_machine.travel(T0 + timedelta(hours=12, minutes=1), tick=False):
            assert reminders.send_due_reminders() == 0  # the locked game is skipped
    finally:
        release.set()
        holder.join(10)
    with time_machine.travel(T0 + timedelta(hours=12, minutes=1), tick=False):
        assert sweep.enforce_due_deadlines().enforced == 1
    reminder, timeout = _reminder_and_timeout(game, seat, version)
    assert timeout is not None
    assert reminder is not None, "the timeout went out without the reminder of its deadline"
    assert reminder.pk < timeout.pk
