"""The outbox sweep is the way new game mails leave: a command's transaction writes rows due at once and
sends no task; the sweep hands each due row to one task, and a row whose task was lost comes back after a
lease. An account mail, which its reader waits for, still gets its task after commit."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts import mails
from games import services
from notifications import delivery
from notifications.models import Outbox

from .helpers import seat_users, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch: Any) -> list[dict[str, Any]]:
    """The delivery tasks sent (their arguments), instead of sending them."""
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(delivery.deliver_outbox_rows, "delay", lambda **kwargs: sent.append(kwargs))
    return sent


def test_a_command_writes_its_mails_due_at_once_and_sends_no_task(
    verified_user: Any, queued: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    game = started_game([verified_user("ute"), verified_user("vic")])
    before = set(Outbox.objects.values_list("pk", flat=True))
    seat = game.awaiting[0]
    player = seat_users(game)[seat]
    with django_capture_on_commit_callbacks(execute=True):
        services.execute(player, game.pk, {"type": "resign"}, idempotency_key="k1", expected_version=game.version)
    new = list(Outbox.objects.exclude(pk__in=before))
    assert new, "the move tells the other player something"
    assert all(row.status == Outbox.Status.PENDING and row.next_attempt_at <= timezone.now() for row in new)
    assert queued == []  # no broker in the command's path


def test_the_sweep_hands_each_due_row_to_one_task_and_a_lost_tasks_rows_come_back(
    verified_user: Any, queued: list[dict[str, Any]], settings: Any
) -> None:
    game = started_game([verified_user("wim"), verified_user("xia"), verified_user("yan")])
    due = set(Outbox.objects.filter(game=game).values_list("pk", flat=True))
    assert delivery.sweep(batch=2) == len(due)
    assert sorted(pk for task in queued for pk in task["ids"]) == sorted(due)
    assert all(len(task["ids"]) <= 2 for task in queued)
    # The next sweeps, seconds later, do not queue them again while their tasks wait in the broker.
    assert delivery.sweep(timezone.now() + timedelta(seconds=5)) == 0
    # Nobody ran those tasks: the health check sees them waiting, and after a lease they are handed out again.
    assert delivery.oldest_due(timezone.now() + timedelta(minutes=2)) is not None
    later = timezone.now() + timedelta(seconds=settings.NOTIFICATIONS_LEASE_SECONDS + 1)
    assert delivery.sweep(later) == len(due)
    # A task does send them (whatever their next_attempt_at), once.
    delivery.deliver_outbox_rows(ids=sorted(due))
    assert set(Outbox.objects.filter(pk__in=due).values_list("status", flat=True)) == {Outbox.Status.SENT}
    assert delivery.sweep(later + timedelta(days=1)) == 0


def test_an_account_mail_still_gets_its_task_after_commit(
    verified_user: Any, queued: list[dict[str, Any]], settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.ACCOUNTS_ASYNC_MAIL = True
    user = verified_user("zoe")
    with django_capture_on_commit_callbacks(execute=True):
        mails.send_account_mail(user, mails.PASSWORD_RESET)
    [row] = Outbox.objects.filter(user=user, kind=mails.PASSWORD_RESET)
    assert queued == [{"keys": [row.dedupe_key]}]
