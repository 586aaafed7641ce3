"""`manage.py outbox`: counts and failed rows; `--retry-failed` sends a failed mail again, exactly once."""

from __future__ import annotations

import smtplib
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from notifications import delivery
from notifications.management.commands.outbox import Command
from notifications.models import Outbox

from .helpers import started_game

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("outbox", *args, stdout=out)
    return out.getvalue()


def failed_row(verified_user: Any, monkeypatch: Any) -> Outbox:
    """A row the mail server refused for good, failed the way delivery fails it."""
    game = started_game([verified_user("vera"), verified_user("walt")])
    row = Outbox.objects.filter(game=game).order_by("id").first()
    assert row is not None

    def refuse(self: Any, *args: Any, **kwargs: Any) -> int:
        raise smtplib.SMTPRecipientsRefused({row.to_email: (550, b"mailbox full\r\nfor now")})

    with monkeypatch.context() as patch:
        patch.setattr("django.core.mail.message.EmailMessage.send", refuse)
        assert delivery.deliver(row.pk) == "failed"
    row.refresh_from_db()
    return row


def test_counts_and_failed_rows_with_their_error(verified_user: Any, monkeypatch: Any) -> None:
    row = failed_row(verified_user, monkeypatch)
    pending = Outbox.objects.filter(status=Outbox.Status.PENDING, kind="turn").count()
    text = run()
    assert f"pending    turn       {pending:>8}" in text
    assert f"failed     {row.kind:<10} {1:>8}" in text
    assert f"total                 {Outbox.objects.count():>8}" in text
    line = next(line for line in text.splitlines() if line.startswith(f"  #{row.pk} {row.kind} to {row.to_email}"))
    assert "SMTPRecipientsRefused" in line and "mailbox full" in line
    assert "1 failed row(s)" in text and "--retry-failed" in text


def test_retry_failed_sends_once_and_is_idempotent(verified_user: Any, monkeypatch: Any, smtp_server: Any) -> None:
    row = failed_row(verified_user, monkeypatch)
    other = Outbox.objects.exclude(pk=row.pk).filter(game=row.game).first()
    assert other is not None and other.status == Outbox.Status.PENDING
    text = run("--retry-failed", "--id", str(row.pk), "--id", str(other.pk))
    assert f"1 failed row(s) put back to pending: {row.pk}" in text
    assert f"row {other.pk} is pending, not failed: left alone" in text
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and row.next_attempt_at <= timezone.now()
    assert row.attempts == 1  # kept: it names the claims
    assert "0 failed row(s) put back" in run("--retry-failed")  # the second run changes nothing
    assert row.pk in delivery.due_for_delivery(timezone.now()).values_list("pk", flat=True)
    assert delivery.deliver(row.pk) == "sent"
    assert delivery.deliver(row.pk) == "skipped"
    run("--retry-failed")  # a sent row is not failed: it stays sent
    assert [m["Message-ID"] for m in smtp_server.messages].count(row.message_id) == 1
    row.refresh_from_db()
    assert row.status == Outbox.Status.SENT and row.last_error == ""


def test_retry_all_failed_rows(verified_user: Any, monkeypatch: Any) -> None:
    row = failed_row(verified_user, monkeypatch)
    assert f"1 failed row(s) put back to pending: {row.pk}" in run("--retry-failed")
    assert not Outbox.objects.filter(status=Outbox.Status.FAILED).exists()


def test_bad_input_is_refused_and_changes_nothing(verified_user: Any, monkeypatch: Any) -> None:
    row = failed_row(verified_user, monkeypatch)
    with pytest.raises(CommandError, match="no outbox row 999999"):
        run("--retry-failed", "--id", str(row.pk), "--id", "999999")
    with pytest.raises(CommandError, match="--id"):
        run("--id", str(row.pk))
    with pytest.raises(CommandError, match="--limit"):
        run("--limit", "-1")
    row.refresh_from_db()
    assert row.status == Outbox.Status.FAILED
    assert "--retry-failed" in Command().create_parser("manage.py", "outbox").format_help()


def test_the_admin_shows_rows_read_only_and_sends_failed_ones_again(
    verified_user: Any, monkeypatch: Any, client: Any, django_user_model: Any
) -> None:
    """An edit in the admin could send a mail twice (a sender may hold the row), so rows are read-only there;
    the action puts only the failed ones among the chosen back to pending."""
    row = failed_row(verified_user, monkeypatch)
    other = Outbox.objects.exclude(pk=row.pk).filter(status=Outbox.Status.PENDING).first()
    assert other is not None
    admin = django_user_model.objects.create_superuser(email="ops@example.com", password="pw-long-enough-1")
    client.force_login(admin)
    page = f"/admin/notifications/outbox/{row.pk}/change/"
    assert client.get(page).status_code == 200  # it can be looked at
    assert client.post(page, {"status": "pending"}).status_code == 403  # not edited
    answer = client.post("/admin/notifications/outbox/", {
        "action": "retry_failed", "_selected_action": [row.pk, other.pk]}, follow=True)
    assert answer.status_code == 200 and "1 mail will be sent again." in answer.content.decode()
    row.refresh_from_db()
    other.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and other.status == Outbox.Status.PENDING
    assert client.post(f"/admin/notifications/outbox/{row.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Outbox.objects.filter(pk=row.pk).exists()
