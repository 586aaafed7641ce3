"""Delivering the outbox: claim, render, send, mark.

`deliver_rows` claims a batch of rows with a lease (`SELECT ... FOR UPDATE SKIP LOCKED`, status sending,
`lease_until`), renders them (`rendering.render_many`, a few queries for the whole batch), sends them over one
SMTP connection and marks each sent as soon as the server accepted it. A failure puts the row back to pending
with exponential backoff; a crash between "SMTP accepted" and "marked sent" leaves one row whose lease runs
out and is sent again: at-least-once, with the same Message-ID, which is how the reader's mail system sees it
as one mail. Each mark is committed (durably) before the next mail of the batch is sent. No path sends a
row without first claiming it, and a sender stops sending a batch before its claim runs out
(`_sending_budget`), or as soon as a mark finds that another sender has taken its rows over, so two workers
never send the same row at once, except for the one mail in flight.
"""

from __future__ import annotations

import functools
import logging
import operator
import smtplib
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.mail import get_connection
from django.db import DatabaseError, transaction
from django.db import connection as db_connection
from django.db.models import F, Q
from django.utils import timezone

from accounts.local import sender
from core.registry import Registry

from .mime import OutboxMail
from .models import Channel, Outbox
from .presence_hold import hold_while_present
from .rendering import Rendered, render, render_many

log = logging.getLogger(__name__)


class Undeliverable(Exception):
    """A channel's refusal for good (the subscription expired, the webhook's address is not allowed): the row
    is failed at once, not retried."""


# The senders of the channels other than email, by `Channel` value (an app's `ready`:
# `channel_senders.register(send, name=Channel.PUSH)`): `send(row, rendered)` returns once the notice was
# accepted and raises when not (`Undeliverable` for good, anything else: retried with backoff). Their rows
# share the claim, the lease, the retries with backoff and the marks of the emails.
ChannelSender = Callable[[Outbox, Rendered], None]
channel_senders: Registry[ChannelSender] = Registry("channel sender")


def lease_seconds() -> float:
    """How long a claimed row is reserved for its sender before the sweep may send it again."""
    return float(settings.NOTIFICATIONS_LEASE_SECONDS)


def _sending_budget() -> float:
    """Seconds after its claim that a sender may still start a mail of the batch: half the lease. The other
    half is for the mail in flight, each of whose SMTP steps (connect, EHLO, STARTTLS, AUTH, MAIL, RCPT,
    DATA) may wait `EMAIL_TIMEOUT`: so a batch slowed by a failing server does not send on past its lease,
    when another sender may claim the rows it has not reached yet."""
    return lease_seconds() / 2


def max_attempts() -> int:
    """Attempts after which a row is given up (status failed) and left for an operator."""
    return int(settings.NOTIFICATIONS_MAX_ATTEMPTS)


def backoff(attempts: int) -> timedelta:
    """The wait before the next attempt after `attempts` failed ones: 1, 2, 4, ... minutes, at most 6 hours."""
    base = float(settings.NOTIFICATIONS_BACKOFF_SECONDS)
    return timedelta(seconds=min(base * 2 ** max(attempts - 1, 0), 6 * 3600))


def _claim(rows: Any, now: datetime, limit: int) -> list[Outbox]:
    """Take up to `limit` of these rows for sending (a lease), those nobody else holds that are still to be
    sent, with their games (the players come with the batch's seats, `rendering.render_many`)."""
    with transaction.atomic():
        claimed = list(
            rows.select_for_update(skip_locked=True, of=("self",))
            .filter(Q(status=Outbox.Status.PENDING) | Q(status=Outbox.Status.SENDING, lease_until__lt=now))
            .select_related("game")
            .order_by("id")[:limit]
        )
        if not claimed:
            return []
        lease_until = now + timedelta(seconds=lease_seconds())
        Outbox.objects.filter(pk__in=[row.pk for row in claimed]).update(
            status=Outbox.Status.SENDING, attempts=F("attempts") + 1, lease_until=lease_until
        )
        for row in claimed:
            row.status, row.attempts, row.lease_until = Outbox.Status.SENDING, row.attempts + 1, lease_until
        return claimed


def build_email(row: Outbox, connection: Any = None, rendered: Rendered | None = None) -> OutboxMail:
    """The SMTP message of an outbox row (rendered now unless `rendered` is given): multipart text + HTML,
    stable Message-ID, List-Unsubscribe (game mails: an account mail has nothing to unsubscribe from)."""
    subject, text, html = rendered or render(row)
    thread = (row.params or {}).get("thread") or {}  # an answer to a player's email: shown under it
    email = OutboxMail(
        subject=subject,
        body=text,
        from_email=sender(row.language),
        to=[row.to_email],
        reply_to=[row.reply_to] if row.reply_to else None,
        connection=connection,
        headers={
            "Message-ID": row.message_id,
            **({"List-Unsubscribe": f"<{row.unsubscribe_url}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
               if row.unsubscribe_url else {}),
            "Auto-Submitted": "auto-generated",
            "X-Game-Mail-Kind": row.kind,
            "Content-Language": row.language,
            **({"In-Reply-To": thread["in_reply_to"], "References": thread["references"]}
               if thread.get("in_reply_to") else {}),
        },
    )
    email.attach_alternative(html, "text/html")
    return email


def _is_permanent(error: Exception) -> bool:
    if isinstance(error, Undeliverable):
        return True
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code >= 500
    return False


def _failed(row: Outbox, error: Exception) -> str:
    """Put a row whose attempt failed back to pending with backoff, or give up on it; the outcome."""
    attempts = row.attempts
    permanent = _is_permanent(error) or attempts >= max_attempts()
    Outbox.objects.filter(pk=row.pk, status=Outbox.Status.SENDING, attempts=attempts).update(
        status=Outbox.Status.FAILED if permanent else Outbox.Status.PENDING,
        next_attempt_at=timezone.now() + backoff(attempts),
        lease_until=None,
        last_error=f"{type(error).__name__}: {error}"[:2000],
    )
    log.warning("outbox #%s attempt %s failed (%s): %s", row.pk, attempts, "gave up" if permanent else "will retry", error)
    return "failed" if permanent else "retry"


def _mark_sent(row: Outbox) -> bool:
    """Mark a row sent (its mail was just accepted). Only the claim that sent it may (`attempts` identifies
    the claim): False if another sender has taken the row over."""
    marked = Outbox.objects.filter(pk=row.pk, status=Outbox.Status.SENDING, attempts=row.attempts).update(
        status=Outbox.Status.SENT, sent_at=timezone.now(), lease_until=None, last_error="",
    )
    return bool(marked)


@contextmanager
def _marks_not_waiting_for_the_disk() -> Iterator[None]:
    """The writes of a batch (its marks, and a failure's or a release's) commit without waiting for
    PostgreSQL's write-ahead log to reach the disk (`synchronous_commit` off for the session while the batch
    is sent, back to the server's default after).

    The wait was 3.4 ms a mark on this machine against 0.1 ms without it, most of a mail's cost; and set once
    for the batch, each mark is one statement instead of four (BEGIN, SET LOCAL, UPDATE, COMMIT), which took
    a fifth of a sender's CPU (see `benchmarks/deadlines.py`). What it risks: a crash of the database server
    within a fraction of a second after a mark may forget it, and that mail goes out a second time; a crash
    of the sender still repeats at most the one mail in flight. Inside a transaction (a mail sent with the
    writes that caused it) nothing changes: its commit is the caller's, and must wait for the disk. Behind a
    pooler in transaction mode (DATABASE_TRANSACTION_POOLING) the marks wait for the disk: a session setting
    would outlive the batch on a connection other clients get."""
    applies = (db_connection.vendor == "postgresql" and not db_connection.in_atomic_block
               and not settings.DATABASE_TRANSACTION_POOLING)
    if applies:
        with db_connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit TO OFF")
    try:
        yield
    finally:
        if applies:
            try:
                with db_connection.cursor() as cursor:
                    cursor.execute("RESET synchronous_commit")
            except DatabaseError:  # a broken connection: closed, so that the setting cannot outlive the batch
                db_connection.close()


def _release(rows: list[Outbox], outcomes: dict[int, str]) -> None:
    """Give claimed rows back unsent: pending and due at once, the claim's attempt not counted. A row another
    sender has claimed since (its `attempts` moved on) is left to that sender."""
    if not rows:
        return
    claims = functools.reduce(operator.or_, (Q(pk=row.pk, attempts=row.attempts) for row in rows))
    Outbox.objects.filter(claims, status=Outbox.Status.SENDING).update(
        status=Outbox.Status.PENDING, attempts=F("attempts") - 1, next_attempt_at=timezone.now(), lease_until=None
    )
    outcomes.update((row.pk, "released") for row in rows)


def _send_claimed(rows: list[Outbox], connection: Any = None, claimed_at: float | None = None) -> dict[int, str]:
    """Render and send claimed rows (claimed at `claimed_at`, `time.monotonic()`) over one connection; each is
    marked sent as soon as the server took it, so a crash can repeat at most the one mail in flight. The rows
    not reached before `_sending_budget` runs out, or after a mark found the claim taken over, are released.
    Returns the outcome per row id."""
    rows, outcomes = hold_while_present(rows, timezone.now())  # a turn mail while the game is open waits
    budget_ends = (time.monotonic() if claimed_at is None else claimed_at) + _sending_budget()
    rendered: list[Rendered] | None = None
    try:
        rendered = render_many(rows)
    except Exception:  # a row that cannot be rendered (a bug) must not hold up the others
        log.exception("rendering a batch of outbox rows failed; rendering them one by one")
    connection = connection or get_connection()
    opened = False
    try:
        with _marks_not_waiting_for_the_disk():
            for index, row in enumerate(rows):
                if index > 0 and time.monotonic() >= budget_ends:  # the first is always tried: a batch makes progress
                    log.warning("outbox: a batch ran out of time, %s rows released unsent", len(rows) - index)
                    _release(rows[index:], outcomes)
                    break
                try:
                    if row.channel != Channel.EMAIL:  # a push or a webhook: no SMTP connection
                        _send_other(row, rendered[index] if rendered else None)
                    else:
                        email = build_email(row, connection, rendered[index] if rendered else None)  # or alone
                        if not opened:
                            opened = bool(connection.open())  # inside the try: a refused connection fails this row
                        email.send()  # over `connection`, which stays open for the next row
                except Exception as error:  # SMTP down, refused, timeout: try again later, or give up on a 5xx
                    outcomes[row.pk] = _failed(row, error)
                    if row.channel == Channel.EMAIL and not isinstance(error, smtplib.SMTPResponseException):
                        connection.close()  # the session may be broken: the next row opens a new one
                        opened = False
                    continue
                outcomes[row.pk] = "sent"
                if not _mark_sent(row):  # our lease ran out and another sender took over: the rest is theirs too
                    log.warning("outbox #%s was taken over while it was sent; its batch stops here", row.pk)
                    _release(rows[index + 1:], outcomes)
                    break
    finally:
        if opened:
            connection.close()
    return outcomes


def _send_other(row: Outbox, rendered: Rendered | None) -> None:
    """Send a row of another channel through the sender its app registered."""
    sender_of_channel = channel_senders.get(row.channel)
    if sender_of_channel is None:
        raise Undeliverable(f"no sender for the channel {row.channel!r}")
    sender_of_channel(row, rendered or render(row))


def deliver_rows(
    ids: list[int] | None = None, keys: list[str] | None = None, now: datetime | None = None, connection: Any = None,
    limit: int = 200,
) -> dict[int, str]:
    """Send the rows with these ids or dedupe keys that are still to be sent (the delivery task's body),
    over one SMTP connection. Returns the outcome per row it claimed ("sent", "retry", "failed", or
    "released": given back unsent, see `_send_claimed`); rows sent already or held by another sender are left
    alone."""
    now, claimed_at = now or timezone.now(), time.monotonic()
    rows = Outbox.objects.filter(pk__in=ids or []) if keys is None else Outbox.objects.filter(dedupe_key__in=keys)
    return _send_claimed(_claim(rows, now, limit), connection, claimed_at)


def deliver(outbox_id: int, now: datetime | None = None, connection: Any = None) -> str:
    """Send one outbox row if it is still to be sent. Returns what happened: "sent", "retry", "failed",
    "released" or "skipped" (sent already, or another worker holds it)."""
    return deliver_rows([outbox_id], now=now, connection=connection).get(outbox_id, "skipped")


def deliver_pending(limit: int = 50, now: datetime | None = None, connection: Any = None) -> int:
    """One sender's step: claim up to `limit` rows that wait for their first attempt or are due (any rows,
    SKIP LOCKED: several senders share the work), send them over one connection. Rows handled."""
    now, claimed_at = now or timezone.now(), time.monotonic()
    waiting = Outbox.objects.filter(
        # A first attempt at once, except a turn mail waiting for its player to leave the game's page.
        Q(status=Outbox.Status.PENDING, attempts=0, params__while_present__isnull=True)
        | Q(status=Outbox.Status.PENDING, next_attempt_at__lte=now)
        | Q(status=Outbox.Status.SENDING, lease_until__lt=now)
    )
    return len(_send_claimed(_claim(waiting, now, limit), connection, claimed_at))


def due_for_delivery(now: datetime) -> Any:
    """Rows the sweep must (re)send: pending and due (and not handed to a task within a lease), or claimed
    by a sender whose lease ran out."""
    not_handed_out = Q(lease_until__isnull=True) | Q(lease_until__lt=now)
    return Outbox.objects.filter(
        Q(not_handed_out, status=Outbox.Status.PENDING, next_attempt_at__lte=now)
        | Q(status=Outbox.Status.SENDING, lease_until__lt=now)
    )


def retry_failed(ids: list[int] | None = None, now: datetime | None = None) -> list[int]:
    """Put the failed rows (all, or those of `ids`) back to pending, due at once: the outbox sweep sends
    them within seconds. The ids put back; a row not failed (any more) is left alone, so a second call
    changes nothing.

    Exactly once still holds: a failed row has no sender (the claim that failed it has ended), and the
    next attempt claims it like any other. `attempts` is kept, because it names each claim (`_mark_sent`,
    `_failed` touch only their own): a retried row that has used up `max_attempts` gets this one attempt,
    and is failed again (with its new error) if that fails."""
    rows = Outbox.objects.filter(status=Outbox.Status.FAILED)
    if ids is not None:
        rows = rows.filter(pk__in=ids)
    with transaction.atomic():
        picked = list(rows.select_for_update().order_by("id").values_list("pk", flat=True))
        Outbox.objects.filter(pk__in=picked).update(
            status=Outbox.Status.PENDING, next_attempt_at=now or timezone.now(), lease_until=None
        )
    return picked


def oldest_due(now: datetime) -> datetime | None:
    """Since when the longest-waiting row has been due (a pending row's `next_attempt_at`, a sending row's
    run-out lease), or None when none is due: two index reads (`outbox_due_idx`, `outbox_lease_idx`). A
    moment long past means nobody delivers (the health check's question)."""
    moments = [
        Outbox.objects.filter(status=Outbox.Status.PENDING, next_attempt_at__lte=now)
        .order_by("next_attempt_at").values_list("next_attempt_at", flat=True).first(),
        Outbox.objects.filter(status=Outbox.Status.SENDING, lease_until__lt=now)
        .order_by("lease_until").values_list("lease_until", flat=True).first(),
    ]
    return min((moment for moment in moments if moment is not None), default=None)


def sweep(now: datetime | None = None, limit: int = 5000, batch: int = 50) -> int:
    """The periodic sweep (the beat, every 5 seconds): delivery tasks (one per `batch` rows) for the rows that
    are due, new ones, retries and those whose sender's lease ran out. Returns the rows handed out.

    A pending row handed to a task is not handed out again for a lease (its `lease_until`, which a pending
    row has no other use for): the next sweeps, a few seconds later, do not queue it a second time while it
    waits in the broker, and the rows of a task that was lost come back after that. Its `next_attempt_at`
    stays, so `oldest_due` still says how long it has waited when no worker takes the tasks.

    The mails and the other channels' rows (pushes, webhooks) go to separate tasks: those go to addresses
    the players name, each of which may take a delivery's whole budget, and must not hold up a task of mails."""
    now = now or timezone.now()
    with transaction.atomic():
        due = list(due_for_delivery(now).select_for_update(skip_locked=True).order_by("id")
                   .values_list("pk", "channel")[:limit])
        Outbox.objects.filter(pk__in=[pk for pk, _channel in due], status=Outbox.Status.PENDING).update(
            lease_until=now + timedelta(seconds=lease_seconds())
        )
    for email in (True, False):
        ids = [pk for pk, channel in due if (channel == Channel.EMAIL) == email]
        for start in range(0, len(ids), batch):
            deliver_outbox_rows.delay(ids=ids[start : start + batch])
    return len(due)


@shared_task(name="notifications.deliver_outbox_rows")
def deliver_outbox_rows(ids: list[int] | None = None, keys: list[str] | None = None) -> int:
    """The delivery task (sent by the sweep, and after the commit that wrote an account mail): send these
    rows (by id or dedupe key) over one SMTP connection; rows sent already are left alone."""
    return len(deliver_rows(ids, keys))
