"""Account mails go through the one outbox (issue 18): a row written in the request's transaction, rendered
at delivery from accounts' templates in the reader's language, sent by the outbox's sender with its lease,
retries and dedupe; the row stores no link, so no reset token sits in the database."""

from __future__ import annotations

import re
import smtplib
from typing import Any
from urllib.parse import urlparse

import pytest
from django.core import mail
from rest_framework.test import APIClient

from accounts.models import User
from accounts.tasks import send_password_reset
from notifications import delivery
from notifications.models import Outbox

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-9"


def _link(body: str) -> str:
    match = re.search(r"http://\S+", body)
    assert match, body
    return urlparse(match.group(0)).path


def test_a_verification_mail_is_an_outbox_row_sent_after_commit(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.ACCOUNTS_ASYNC_MAIL = True
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        answer = APIClient().post("/api/accounts/register", {"email": "row@example.org", "password": PASSWORD,
                                                             "display_name": "Row", "language": "de"}, format="json")
    assert answer.status_code == 201 and len(callbacks) == 1
    row = Outbox.objects.get(to_email="row@example.org")
    assert (row.kind, row.status, row.language, row.params, row.unsubscribe_url) == ("verify", "pending", "de", {}, "")
    assert mail.outbox == []  # nothing before the commit, and then only by the outbox's sender
    assert delivery.deliver_rows([row.pk]) == {row.pk: "sent"}
    [sent] = mail.outbox
    message = sent.message()
    assert message["Message-ID"] == row.message_id and message["List-Unsubscribe"] is None
    assert sent.subject == "Bestätige deine E-Mail-Adresse" and sent.body.startswith("Hallo Row,\n\n")
    assert 'lang="de"' in sent.alternatives[0][0]
    assert APIClient().get(_link(sent.body)).status_code in (200, 302)
    assert User.objects.get(email="row@example.org").email_verified_at is not None


def test_a_reset_row_holds_no_token_and_its_link_sets_a_new_password(make_user: Any) -> None:
    user = make_user("forgetful")
    assert APIClient().post("/api/accounts/password-reset", {"email": user.email}, format="json").status_code == 202
    row = Outbox.objects.get(user=user, kind="password_reset")
    assert row.status == Outbox.Status.SENT and row.params == {}
    uid, token = _link(mail.outbox[-1].body).strip("/").split("/")[-2:]
    stored = " ".join(str(value) for value in Outbox.objects.filter(pk=row.pk).values().first().values())
    assert token not in stored
    confirmed = APIClient().post("/api/accounts/password-reset/confirm",
                                 {"uid": uid, "token": token, "password": "a-new-pass-phrase-5"}, format="json")
    assert confirmed.status_code == 200, confirmed.content


def test_a_reset_task_run_twice_mails_once(make_user: Any) -> None:
    user = make_user("twice")
    for _attempt in range(2):  # a redelivered task: the same id
        send_password_reset.apply(args=[user.email], task_id="reset-task-1")
    assert Outbox.objects.filter(user=user, kind="password_reset").count() == 1
    assert [m.to for m in mail.outbox] == [[user.email]]


class RefusingOnce:
    """An SMTP connection whose server answers the first mail with a temporary failure."""

    def __init__(self) -> None:
        self.refused = False

    def open(self) -> bool:
        return True

    def close(self) -> None:
        pass

    def send_messages(self, messages: list[Any]) -> int:
        if not self.refused:
            self.refused = True
            raise smtplib.SMTPResponseException(451, b"try again later")
        mail.outbox.extend(messages)
        return len(messages)


def test_an_account_mail_refused_for_now_is_retried_like_a_game_mail(make_user: Any, settings: Any) -> None:
    settings.ACCOUNTS_ASYNC_MAIL = True  # written, not sent: the sender below sends it
    user = make_user("retry")
    APIClient().post("/api/accounts/password-reset", {"email": user.email}, format="json")
    send_password_reset(user.email)  # the worker's half, which the request published
    row = Outbox.objects.get(user=user, kind="password_reset")
    connection = RefusingOnce()
    assert delivery.deliver_rows([row.pk], connection=connection) == {row.pk: "retry"}
    row.refresh_from_db()
    assert (row.status, row.attempts) == (Outbox.Status.PENDING, 1) and "451" in row.last_error
    assert mail.outbox == []
    assert delivery.deliver_rows([row.pk], connection=connection) == {row.pk: "sent"}
    assert [m.to for m in mail.outbox] == [[user.email]] and "/accounts/reset/" in mail.outbox[0].body


def test_the_system_check_tells_when_no_app_sends_account_mails() -> None:
    from accounts.mails import account_mail_requested, check_account_mail_sender
    from notifications.outbox import on_account_mail_requested

    assert check_account_mail_sender() == []
    assert on_account_mail_requested in account_mail_requested
    account_mail_requested.remove(on_account_mail_requested)
    try:
        assert [error.id for error in check_account_mail_sender()] == ["accounts.E001"]
    finally:
        account_mail_requested.register(on_account_mail_requested)
    assert check_account_mail_sender() == []
