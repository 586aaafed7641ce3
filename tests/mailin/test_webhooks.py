"""The Mailgun webhooks through django-anymail, with Mailgun's payload formats and signatures: an inbound
reply (forwarded as raw MIME, `body-mime`) plays; a permanent failure event of a mail we sent marks the
address. (tests/mailin/test_mail_probes.py: forged events, and the URLs without a provider.)"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from games.models import Command, Game
from notifications.models import Outbox
from tests.mailin.conftest import deliver, last_mail, mail_provider, reply
from tests.mailin.conftest import mailgun_signature as signature

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _mailgun() -> Iterator[None]:
    with mail_provider("mailgun", webhook_secret="hook:secret-pw"):
        yield


AUTH = {"HTTP_AUTHORIZATION": "Basic aG9vazpzZWNyZXQtcHc="}  # hook:secret-pw


def test_mailgun_inbound_reply_plays_and_is_answered(client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    user = table["seats"][game.awaiting[0]]
    turn = last_mail(user)
    raw = reply(turn, "1\n")
    form = {"body-mime": raw.decode(), "recipient": turn.reply_to[0], "sender": user.email, **signature()}
    answer = client.post("/mail/anymail/mailgun/inbound_mime/", form, **AUTH)
    assert answer.status_code == 200
    assert Command.objects.filter(game=game, user=user, idempotency_key__startswith="mail:").count() == 1
    assert [m for m in deliver() if user.email in m.to and "#" in m.subject]


def test_mailgun_inbound_with_a_wrong_signature_changes_nothing(client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    user = table["seats"][game.awaiting[0]]
    turn = last_mail(user)
    form = {"body-mime": reply(turn, "1\n").decode(), **signature("another-key")}
    answer = client.post("/mail/anymail/mailgun/inbound_mime/", form, **AUTH)
    assert answer.status_code == 400
    assert Game.objects.get(pk=game.pk).version == game.version and deliver() == []


def test_mailgun_permanent_failure_marks_the_address(client: Any, table: dict[str, Any], api_client: Any) -> None:
    user = table["ann"]
    message_id = Outbox.objects.filter(to_email=user.email).values_list("message_id", flat=True).first()
    payload = {
        "signature": signature(),
        "event-data": {
            "event": "failed", "severity": "permanent", "reason": "bounce", "recipient": user.email,
            "timestamp": time.time(), "id": "G9Bn5sl1TC6nu79C8C0bwg",
            "delivery-status": {"code": 550, "message": "5.1.1 The email account that you tried to reach does not exist",
                                "description": "", "attempt-no": 1},
            "message": {"headers": {"to": user.email, "message-id": message_id.strip("<>"),
                                    "from": "citadels@localhost", "subject": "Your turn"}},
        },
    }
    answer = client.post("/mail/anymail/mailgun/tracking/", json.dumps(payload), content_type="application/json", **AUTH)
    assert answer.status_code == 200
    user.refresh_from_db()
    assert user.email_bounced_at is not None
    me = api_client(user).get("/api/me").json()
    assert me["email_bounced"] is True and me["email_verified"] is False
    client.force_login(user)
    assert "bounced" in client.get("/").content.decode()


def test_inbound_webhook_is_rate_limited(client: Any, settings: Any, table: dict[str, Any]) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "inbound_mail": "2/min"}}
    statuses = [client.post("/mail/anymail/mailgun/inbound_mime/", {}, **AUTH).status_code for _ in range(3)]
    assert statuses[:2] != [429, 429] and statuses[2] == 429
    body = client.post("/mail/anymail/mailgun/inbound_mime/", {}, **AUTH).json()
    assert body["code"] == "throttled" and body["message"]


def test_an_unsupported_provider_fails_the_system_check_and_mounts_nothing(client: Any) -> None:
    with mail_provider("postmark"):
        with pytest.raises(SystemCheckError, match="MAIL_PROVIDER='postmark' is not supported"):
            call_command("check")
        assert client.post("/mail/anymail/postmark/tracking/", {}, **AUTH).status_code == 404
        assert client.post("/mail/anymail/mailgun/tracking/", {}, **AUTH).status_code == 404
