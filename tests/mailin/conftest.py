"""Fixtures of the mail-in tests: two verified players in a started game, mail delivered into
django.core.mail.outbox, and helpers that write replies the way real mail clients do."""

from __future__ import annotations

import hashlib
import hmac
import importlib
import io
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.core.management import call_command
from django.test import override_settings
from django.urls import clear_url_caches
from django.utils import timezone

from notifications import delivery as notifications
from notifications.models import Outbox
from tests.games.helpers import seat_users, started_game


@pytest.fixture(autouse=True)
def _mail_settings(settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MAILIN_DOMAIN = "play.example.org"


WEBHOOK_KEY = "key-webhook-signing-test"


def reload_urls() -> None:
    """Build the site's URLs again from the settings now (the mail provider's webhooks are mounted, or not,
    when mailin.urls is imported)."""
    importlib.reload(importlib.import_module("mailin.urls"))
    importlib.reload(importlib.import_module(settings.ROOT_URLCONF))
    clear_url_caches()


def mailgun_signature(key: str = WEBHOOK_KEY) -> dict[str, str]:
    """The `signature` block of a Mailgun webhook payload, signed with `key`."""
    timestamp, token = str(int(time.time())), hashlib.sha256(str(time.time()).encode()).hexdigest()[:50]
    digest = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    return {"timestamp": timestamp, "token": token, "signature": digest}


@contextmanager
def mail_provider(provider: str = "mailgun", key: str = WEBHOOK_KEY, webhook_secret: str | None = None) -> Iterator[None]:
    """Settings that name a mail provider and its webhook signing key, with the URLs built for them; after
    it, the URLs of the settings before."""
    anymail = {"MAILGUN_WEBHOOK_SIGNING_KEY": key, "WEBHOOK_SECRET": webhook_secret}
    try:
        with override_settings(MAIL_PROVIDER=provider, ANYMAIL=anymail):
            reload_urls()
            yield
    finally:
        reload_urls()


@pytest.fixture
def table(make_user: Callable[..., Any]) -> dict[str, Any]:
    """A started 2-player game of verified players (English and German), its mail delivered."""
    ann = make_user("ann", email_verified_at=timezone.now(), language="en")
    ben = make_user("ben", email_verified_at=timezone.now(), language="de")
    game = started_game([ann, ben])
    deliver()
    return {"game": game, "ann": ann, "ben": ben, "seats": seat_users(game)}


def deliver() -> list[EmailMessage]:
    """Send every pending outbox row now (into mail.outbox); the mails sent."""
    before = len(mail.outbox)
    for pk in Outbox.objects.filter(status=Outbox.Status.PENDING).order_by("id").values_list("pk", flat=True):
        notifications.deliver(pk)
    return list(mail.outbox[before:])


def last_mail(user: Any, with_reply_to: bool = True) -> Any:
    """The last mail sent to this user (with a Reply-To, by default)."""
    for message in reversed(mail.outbox):
        if user.email in message.to and (message.reply_to or not with_reply_to):
            return message
    raise AssertionError(f"no mail to {user.email}")


def reply(original: Any, body: str, *, sender: str | None = None, html: str | None = None,
          message_id: str | None = None, headers: dict[str, str] | None = None) -> bytes:
    """A reply to `original` (a sent EmailMessage) as a mail client writes it: plain, or HTML only."""
    message = EmailMessage()
    message["From"] = sender or original.to[0]
    message["To"] = original.reply_to[0]
    message["Subject"] = "Re: " + original.subject
    message["Message-ID"] = message_id or f"<{id(body)}.{len(mail.outbox)}.{timezone.now().timestamp()}@client.example>"
    message["In-Reply-To"] = original.extra_headers["Message-ID"]
    for name, value in (headers or {}).items():
        message[name] = value
    if html is not None:
        message.set_content(html, subtype="html")
    else:
        message.set_content(body)
    return message.as_bytes()


def pipe(raw: bytes, *args: str) -> tuple[int, str]:
    """Run `manage.py receive_mail` with `raw` on standard input; its exit status and output."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(raw))
    try:
        call_command("receive_mail", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    finally:
        sys.stdin = stdin
    return code, out.getvalue() + err.getvalue()


def text_of(message: Any) -> str:
    return str(message.body)


def quoted(original: Any) -> str:
    return "\n".join("> " + line for line in text_of(original).splitlines())
