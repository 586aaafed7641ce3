"""No "your turn" mail while the player has the game open in a browser (issue 20): the page, its poll and
its live stream note the seat's last sign of life (at most one write per 30 s); a turn mail written while
the seat is present waits, is given back while the game stays open, goes out once they left without
moving, and not at all if they moved."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from citadels import RULES
from games import presence, services, store
from games.models import Game, Seat
from notifications import delivery
from notifications.models import Outbox
from notifications.presence_hold import PRESENCE_RECHECK, WHILE_PRESENT

from .helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _locmem(settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def _open_everywhere(game: Game) -> None:
    for seat in Seat.objects.filter(game=game):
        presence.note_seen(game.pk, seat.user_id)


def _first_move(game: Game) -> tuple[int, Outbox]:
    """The awaited seat's move; the seat awaited next and its turn row."""
    game.refresh_from_db()
    seat = game.awaiting[0]
    command = RULES.legal_commands(store.load_state(game, use_cache=False), seat)[0]
    services.execute(seat_users(game)[seat], game.pk, command)
    game.refresh_from_db()
    following = game.awaiting[0]
    return following, Outbox.objects.get(game=game, kind="turn", seat=following, version=game.version)


def _leave(game: Game, seat: int, ago: float = 120) -> None:
    Seat.objects.filter(game=game, index=seat).update(last_seen_at=timezone.now() - timedelta(seconds=ago))


def test_a_turn_mail_waits_while_the_game_is_open_and_goes_out_when_they_leave(verified_user: Any) -> None:
    game = started_game([verified_user() for _ in range(4)])
    _open_everywhere(game)
    seat, row = _first_move(game)
    assert row.params[WHILE_PRESENT] is True and row.status == Outbox.Status.PENDING
    assert row.next_attempt_at >= timezone.now() + PRESENCE_RECHECK - timedelta(seconds=5)
    delivery.deliver_pending()  # a sender's step sends the other mails and leaves the waiting row alone
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and row.attempts == 0
    sent = len(mail.outbox)
    assert delivery.deliver(row.pk) == "deferred"  # claimed anyway: the game is still open, so it waits again
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and row.attempts == 0 and len(mail.outbox) == sent
    _leave(game, seat)  # the page was closed two minutes ago, without a move
    due = timezone.now() + PRESENCE_RECHECK + timedelta(seconds=1)
    assert row.pk in delivery.due_for_delivery(due).values_list("pk", flat=True)  # the sweep's re-check
    assert delivery.deliver(row.pk) == "sent"
    assert len(mail.outbox) == sent + 1 and mail.outbox[-1].to == [row.to_email]


def test_no_turn_mail_at_all_if_they_moved_with_the_game_open(verified_user: Any) -> None:
    game = started_game([verified_user() for _ in range(4)])
    _open_everywhere(game)
    seat, row = _first_move(game)
    command = RULES.legal_commands(store.load_state(game, use_cache=False), seat)[0]
    services.execute(seat_users(game)[seat], game.pk, command)  # they moved, then left
    _leave(game, seat)
    sent = len(mail.outbox)
    assert delivery.deliver(row.pk) == "cancelled"
    row.refresh_from_db()
    assert row.status == Outbox.Status.CANCELLED and len(mail.outbox) == sent


def test_a_player_away_from_the_game_is_mailed_at_once(verified_user: Any) -> None:
    game = started_game([verified_user() for _ in range(4)])
    _seat, row = _first_move(game)  # nobody has the page open
    assert WHILE_PRESENT not in row.params
    assert delivery.deliver(row.pk) == "sent"


def test_a_seat_seen_long_ago_is_not_present(verified_user: Any) -> None:
    game = started_game([verified_user() for _ in range(4)])
    _open_everywhere(game)
    for seat in range(4):
        _leave(game, seat, ago=presence.WINDOW.total_seconds() + 5)
    _seat, row = _first_move(game)
    assert WHILE_PRESENT not in row.params


def test_the_note_is_written_at_most_every_30_seconds(verified_user: Any, make_user: Any) -> None:
    game = started_game([verified_user() for _ in range(2)])
    user = seat_users(game)[0]
    now = timezone.now()
    assert presence.note_seen(game.pk, user.pk, now) is True
    assert presence.note_seen(game.pk, user.pk, now + timedelta(seconds=29)) is False
    assert presence.note_seen(game.pk, user.pk, now + timedelta(seconds=31)) is True
    assert presence.note_seen(game.pk, make_user().pk, now) is False  # no seat: nothing to note
    assert presence.present_seats(game.pk, now + timedelta(seconds=31)) == {0}
    assert presence.present_seats(game.pk, now + timedelta(seconds=95)) == set()


def test_the_page_and_its_poll_note_the_seat(client: Any, verified_user: Any) -> None:
    game = started_game([verified_user() for _ in range(2)])
    user = seat_users(game)[1]
    client.force_login(user)
    assert client.get(f"/games/{game.pk}/").status_code == 200
    assert Seat.objects.get(game=game, index=1).last_seen_at is not None
    Seat.objects.filter(game=game).update(last_seen_at=None)
    assert client.get(f"/games/{game.pk}/version").status_code == 200
    assert presence.present_seats(game.pk) == {1}


# Committed rows: the stream writes from a thread of its own (live.streams.closing, not thread-sensitive), on a
# connection of its own that sees no test's open transaction.
@pytest.mark.django_db(transaction=True)
def test_the_live_stream_notes_the_seat_at_most_every_30_seconds(verified_user: Any) -> None:
    from asgiref.sync import async_to_sync

    from live.streams import _noting_presence

    game = started_game([verified_user() for _ in range(2)])
    alive = _noting_presence(game.pk, seat_users(game)[0].pk)
    async_to_sync(alive)()  # the stream's start
    assert presence.present_seats(game.pk) == {0}
    Seat.objects.filter(game=game).update(last_seen_at=None)
    async_to_sync(alive)()  # a keepalive moments later: no second write
    assert presence.present_seats(game.pk) == set()
