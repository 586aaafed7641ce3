"""A batch of mails shares one claim: a sender must not go on sending once another may have taken it over."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from notifications import delivery
from notifications.models import Outbox

from .helpers import started_game

pytestmark = pytest.mark.django_db


def _pending_rows(verified_user: Any) -> list[int]:
    game = started_game([verified_user(name) for name in ("anna", "ben", "carl", "dora")])
    ids = list(Outbox.objects.filter(game=game, status=Outbox.Status.PENDING).order_by("id").values_list("pk", flat=True))
    assert len(ids) >= 4  # four "started" mails and a "your turn"
    return ids


def _sent_message_ids() -> Counter[str]:
    return Counter(message.extra_headers["Message-ID"] for message in mail.outbox)


def test_a_slow_batch_gives_back_what_it_has_not_reached_before_its_claim_runs_out(
    verified_user: Any, settings: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A lease of 100 s leaves 50 s to start mails; each takes 30 s on the sender's clock (a slow server).
    settings.NOTIFICATIONS_LEASE_SECONDS = 100
    ids = _pending_rows(verified_user)
    real_send = delivery.OutboxMail.send
    clock = SimpleNamespace(now=1000.0)
    monkeypatch.setattr(delivery, "time", SimpleNamespace(monotonic=lambda: clock.now))

    def slow_send(self: Any, *args: Any, **kwargs: Any) -> int:
        clock.now += 30
        return real_send(self, *args, **kwargs)

    monkeypatch.setattr(delivery.OutboxMail, "send", slow_send)
    outcomes = delivery.deliver_rows(ids)
    sent = [pk for pk in ids if outcomes[pk] == "sent"]
    released = [pk for pk in ids if outcomes[pk] == "released"]
    assert sent == ids[:2] and released == ids[2:]
    for row in Outbox.objects.filter(pk__in=released):
        # Back to pending and due at once; the claim that never tried it does not count as an attempt.
        assert (row.status, row.attempts, row.lease_until) == (Outbox.Status.PENDING, 0, None)
        assert row.next_attempt_at is not None and row.next_attempt_at <= timezone.now()
    monkeypatch.setattr(delivery.OutboxMail, "send", real_send)
    assert delivery.deliver_pending() == len(released)
    assert set(Outbox.objects.filter(pk__in=ids).values_list("status", flat=True)) == {Outbox.Status.SENT}
    assert set(_sent_message_ids().values()) == {1}  # every mail once
    assert len(mail.outbox) == len(ids)


def test_a_batch_taken_over_by_another_sender_stops_after_the_mail_in_flight(
    verified_user: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    ids = _pending_rows(verified_user)
    real_send = delivery.OutboxMail.send
    took_over: list[int] = []
    handled_by_the_other: list[int] = []

    def send_then_lose_the_claim(self: Any, *args: Any, **kwargs: Any) -> int:
        accepted = real_send(self, *args, **kwargs)
        if not took_over:
            # The first mail took longer than the lease (a machine paused, say): the sweep's sender claims
            # every row of the batch, this one included, and sends them.
            took_over.append(1)
            later = timezone.now() + timedelta(seconds=delivery.lease_seconds() + 1)
            handled_by_the_other.append(delivery.deliver_pending(now=later))
        return accepted

    monkeypatch.setattr(delivery.OutboxMail, "send", send_then_lose_the_claim)
    outcomes = delivery.deliver_rows(ids)
    assert handled_by_the_other == [len(ids)]
    # The first sender learns it lost its claim when it marks its first mail, and sends nothing more.
    assert outcomes[ids[0]] == "sent" and all(outcomes[pk] == "released" for pk in ids[1:])
    assert set(Outbox.objects.filter(pk__in=ids).values_list("status", flat=True)) == {Outbox.Status.SENT}
    # Only the mail that was in flight went out twice (the documented at-least-once edge, same Message-ID).
    first = Outbox.objects.get(pk=ids[0]).message_id
    assert _sent_message_ids() == Counter({first: 2, **{m: 1 for m in _sent_message_ids() if m != first}})
    assert len(mail.outbox) == len(ids) + 1


def _synchronous_commit() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return str(cursor.fetchone()[0])


@pytest.mark.django_db(transaction=True)
def test_the_marks_of_a_batch_do_not_wait_for_the_disk_and_the_session_gets_its_setting_back(
    verified_user: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PostgreSQL: while a batch is sent, each mark commits with `synchronous_commit` off (one statement,
    no wait for the log's flush); afterwards the connection has the server's setting again."""
    ids = _pending_rows(verified_user)
    default = _synchronous_commit()
    seen: list[str] = []
    real_mark = delivery._mark_sent

    def mark(row: Outbox) -> bool:
        seen.append(_synchronous_commit())
        return real_mark(row)

    monkeypatch.setattr(delivery, "_mark_sent", mark)
    outcomes = delivery.deliver_rows(ids)
    assert set(outcomes.values()) == {"sent"} and seen == ["off"] * len(ids)
    assert default == "on" and _synchronous_commit() == default


def test_inside_a_transaction_the_marks_commit_with_it_as_the_transaction_says(
    verified_user: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A mail sent inside the transaction that wrote it (this test's own transaction): its commit is the
    caller's, which must wait for the disk, so the setting is left alone."""
    ids = _pending_rows(verified_user)
    seen: list[str] = []
    real_mark = delivery._mark_sent
    monkeypatch.setattr(delivery, "_mark_sent", lambda row: seen.append(_synchronous_commit()) or real_mark(row))
    assert set(delivery.deliver_rows(ids).values()) == {"sent"}
    assert seen == ["on"] * len(ids) and _synchronous_commit() == "on"
