"""With a real Celery worker (a subprocess) on a real broker, real SMTP delivery to a local aiosmtpd server.

Delivery is at-least-once. The one window where a worker can send a mail twice is a crash after the SMTP
server accepted it and before the row was marked sent: the row's lease runs out, the sweep sends it again,
and the copy carries the same Message-ID, so the reader's mail system (and `SmtpSink.by_message_id`) shows
one mail. Everything else (a failing SMTP server, a worker killed before sending, a lost task) only delays.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from citadels import RULES
from citadels.bots import heuristic_bot
from games import services, store
from games.deadlines import reminders, sweep
from games.models import Command, Game
from notifications import delivery as notify
from notifications.models import Outbox
from notifications.rendering import render

from .conftest import wait_until
from .helpers import html_part, seat_users, started_game, text_part

pytestmark = pytest.mark.slow


def _all_sent(game: Game | None = None) -> bool:
    rows = Outbox.objects.all() if game is None else Outbox.objects.filter(game=game)
    return rows.exists() and not rows.exclude(status=Outbox.Status.SENT).exists()


def _after_a_sweep(check: Callable[[], bool], now: datetime | None = None) -> bool:
    """The beat's part, played by the test: one outbox sweep (the rows due go to the worker as tasks), then
    `check()`."""
    notify.sweep(now)
    return check()


@pytest.mark.parametrize("broker", ["redis", "amqp"])
def test_the_sweep_hands_new_rows_to_the_worker_in_each_language(broker: str, celery_worker_factory: Any,
                                                                 smtp_server: Any, verified_user: Any, client: Any) -> None:
    celery_worker_factory(broker)
    users = [verified_user("anke", language="de", time_zone="Europe/Berlin"), verified_user("bob", language="en")]
    game = started_game(users)  # commits its rows, due at once; no task yet
    assert Outbox.objects.filter(game=game, status=Outbox.Status.PENDING).count() == 3
    wait_until(lambda: _after_a_sweep(lambda: _all_sent(game)), timeout=60, interval=0.5)
    rows = list(Outbox.objects.filter(game=game))
    assert len(rows) == 3  # two "started", one "your turn"
    received = smtp_server.by_message_id()
    assert set(received) == {r.message_id for r in rows}
    for row in rows:
        [message] = received[row.message_id]
        text, html = text_part(message), html_part(message)
        german = row.language == "de"
        assert ("Hallo" in text) == german and ("Hello" in text) == (not german)
        assert f"http://127.0.0.1:8000/games/{game.pk}/" in text and f"/games/{game.pk}/" in html
        assert str(message["List-Unsubscribe"]).strip() == f"<{row.unsubscribe_url}>"
        # The link in the mail works without a login.
        path = row.unsubscribe_url.split("8000", 1)[1]
        assert client.get(path).status_code == 200
    turn = next(r for r in rows if r.kind == "turn")
    if turn.language == "de":
        assert "Du bist dran" in render(turn).subject and "Deine Hand" in render(turn).text
    else:
        assert "Your turn" in render(turn).subject and "Your hand" in render(turn).text


def test_smtp_failures_delay_but_every_mail_arrives_once(celery_worker_factory: Any, smtp_server: Any,
                                                         verified_user: Any) -> None:
    celery_worker_factory(NOTIFICATIONS_BACKOFF_SECONDS="0.2")
    smtp_server.fail_first = 4  # the first four attempts get 451
    users = [verified_user(f"f{i}") for i in range(3)]
    game = started_game(users)
    rows = list(Outbox.objects.filter(game=game))

    wait_until(lambda: _after_a_sweep(lambda: _all_sent(game)), timeout=60, interval=0.5)
    received = smtp_server.by_message_id()
    assert sorted(received) == sorted(r.message_id for r in rows)
    assert all(len(copies) == 1 for copies in received.values())
    assert sum(r.attempts for r in Outbox.objects.filter(game=game)) == len(rows) + 4


def test_worker_killed_between_send_and_mark_sent(celery_worker_factory: Any, smtp_server: Any,
                                                  verified_user: Any) -> None:
    worker = celery_worker_factory(NOTIFICATIONS_LEASE_SECONDS="2")
    users = [verified_user("kim"), verified_user("lou"), verified_user("max")]
    # The server stores the "your turn" mail, then hangs before answering: the worker is killed right there.
    smtp_server.hang_on, smtp_server.hang_seconds = "Your turn", 8.0
    game = started_game(users)
    rows = {r.kind + str(r.user_id): r for r in Outbox.objects.filter(game=game)}
    turn = next(r for r in rows.values() if r.kind == "turn")
    wait_until(lambda: _after_a_sweep(lambda: turn.message_id in smtp_server.by_message_id()), timeout=30)
    worker.kill()
    turn.refresh_from_db()
    assert turn.status == Outbox.Status.SENDING  # accepted by SMTP, never marked sent
    # Nothing sends it while the lease holds.
    assert notify.deliver(turn.pk) == "skipped"
    worker = celery_worker_factory(NOTIFICATIONS_LEASE_SECONDS="2")
    time.sleep(2.2)  # the lease runs out

    wait_until(lambda: _after_a_sweep(lambda: _all_sent(game)), timeout=60, interval=0.5)
    received = smtp_server.by_message_id()
    assert sorted(received) == sorted(r.message_id for r in rows.values())
    # The crashed one went out twice with one Message-ID (the documented at-least-once edge); the rest once.
    assert len(received[turn.message_id]) == 2
    first, second = received[turn.message_id]
    assert text_part(first) == text_part(second)
    assert all(len(v) == 1 for k, v in received.items() if k != turn.message_id)
    turn.refresh_from_db()
    assert turn.attempts == 2


def test_worker_killed_before_sending_loses_nothing(celery_worker_factory: Any, smtp_server: Any,
                                                    verified_user: Any) -> None:
    """Rows committed while no worker runs (the tasks wait in the broker, or are lost) are all delivered."""
    worker = celery_worker_factory()
    worker.kill()
    users = [verified_user(f"n{i}") for i in range(4)]
    game = started_game(users)
    time.sleep(0.5)
    assert not smtp_server.messages
    celery_worker_factory()
    wait_until(lambda: _after_a_sweep(lambda: _all_sent(game), timezone.now() + timedelta(minutes=2)), timeout=60)
    received = smtp_server.by_message_id()
    assert len(received) == Outbox.objects.filter(game=game).count()
    assert all(len(v) == 1 for v in received.values())


def test_four_players_two_silent_the_game_ends_through_deadlines(celery_worker_factory: Any, smtp_server: Any,
                                                                  verified_user: Any, settings: Any) -> None:
    """Two players never act; the deadlines (with time moved forward) carry the game to its end, and
    every email the game caused reaches the SMTP server exactly once."""
    import random

    settings.GAMES_ABSENT_AFTER_TIMEOUTS = 3
    celery_worker_factory()
    users = [verified_user("ada", language="de"), verified_user("bea"), verified_user("cem", language="de"),
             verified_user("dan")]
    start = timezone.now().replace(microsecond=0) + timedelta(days=1)
    control = {"decision_hours": 12, "reminder_hours": 2, "timeout_policy": "bot"}
    with time_machine.travel(start, tick=False):
        game = started_game(users, time_control=control)
    by_seat = seat_users(game)
    silent = {u.pk for u in users[2:]}
    rng = random.Random(7)
    moment = start
    for _ in range(3000):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = game.awaiting[0]
        if by_seat[seat].pk in silent:
            # Time moves on past the deadline; the beat's body sends reminders and enforces.
            moment = max(moment, game.deadline_at) + timedelta(minutes=1)
            with time_machine.travel(moment, tick=False):
                reminders.send_due_reminders()
                sweep.enforce_due_deadlines()
        else:
            moment += timedelta(minutes=30)
            with time_machine.travel(moment, tick=False):
                state = store.load_state(game)
                services.execute(by_seat[seat], game.pk, heuristic_bot(state, seat, rng),
                                 idempotency_key=f"a{game.version}", expected_version=game.version)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert RULES.awaiting(store.load_state(game)) == []
    # Every move of a silent seat was the service's; the others' never.
    for command in Command.objects.filter(game=game):
        assert command.by_service == (by_seat[command.seat].pk in silent)
    rows = list(Outbox.objects.filter(game=game))
    kinds = {k: sum(1 for r in rows if r.kind == k) for k in ("started", "turn", "reminder", "timeout", "ended")}
    assert kinds["started"] == 4 and kinds["ended"] == 4
    assert kinds["timeout"] == 2 * 3  # three timeouts per silent seat, then they are absent and played at once
    assert kinds["turn"] > 10
    # Each of those deadlines had exactly one reminder, for the same seat and deadline (the key names the
    # version the deadline was set at), written before the timeout email; nobody else was reminded (the
    # others always moved well before their reminder point). This holds even when the worker (running the
    # `enforce_deadline` tasks of absent seats) had the game row locked while `send_due_reminders` ran.
    reminder_rows = {r.dedupe_key.removeprefix("reminder:"): r for r in rows if r.kind == "reminder"}
    timeouts = {r.dedupe_key.removeprefix("timeout:"): r for r in rows if r.kind == "timeout"}
    assert sorted(reminder_rows) == sorted(timeouts)
    for key, timeout in timeouts.items():
        assert timeout.user_id in silent
        assert reminder_rows[key].user_id == timeout.user_id and reminder_rows[key].pk < timeout.pk

    def settled() -> bool:  # the rows are due at the game's moments, days ahead of the clock
        return _after_a_sweep(lambda: _all_sent(game), moment + timedelta(minutes=5))

    try:
        wait_until(settled, timeout=120, interval=1.0)
    except AssertionError:
        stuck = list(Outbox.objects.filter(game=game).exclude(status=Outbox.Status.SENT).values_list(
            "id", "kind", "status", "attempts", "next_attempt_at", "last_error")[:10])
        raise AssertionError(f"not all sent: {stuck}") from None
    received = smtp_server.by_message_id()
    assert sorted(received) == sorted(r.message_id for r in rows)
    assert all(len(copies) == 1 for copies in received.values())
    ended = [r for r in rows if r.kind == "ended"]
    assert all(f"/games/{game.pk}/?at=1" in render(r).text for r in ended)
    german_end = next(r for r in ended if r.language == "de")
    assert "Endstand" in render(german_end).text and "Punkte" in render(german_end).text
