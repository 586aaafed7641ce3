"""Probes of the mail doors (issue 17), each through the door an attacker uses: the providers' webhook URLs
(HTTP POST), `manage.py receive_mail` (a message on standard input) and the inbound webhook.

* a forged bounce must not stop another player's game mail (finding 1);
* mail with a forged From must not use up another player's mail-in budget (finding 3);
* a reply with a NUL, a lone surrogate or a control character is answered, never "try again later" (finding 4);
* a display name with line breaks writes no lines of its own into other players' mails (finding 5).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import Client
from django.utils import timezone

from accounts.models import User
from games.models import Command, Game
from mailin.models import InboundMail
from notifications import reply_tokens as tokens
from notifications.models import Outbox
from tests.games.helpers import seat_users, started_game
from tests.mailin.conftest import (
    WEBHOOK_KEY,
    deliver,
    last_mail,
    mail_provider,
    mailgun_signature,
    pipe,
    reply,
)

pytestmark = pytest.mark.django_db
TRACKING = "/mail/anymail/mailgun/tracking/"
INBOUND = "/mail/anymail/mailgun/inbound_mime/"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _mail_settings(settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MAILIN_DOMAIN = "play.example.org"


@pytest.fixture
def table(make_user: Callable[..., Any]) -> dict[str, Any]:
    """A started 2-player game of verified English-speaking players, its first mails delivered; `player` is
    the one the game waits for, `other` the other one."""
    ann = make_user("ann", email_verified_at=timezone.now(), language="en")
    ben = make_user("ben", email_verified_at=timezone.now(), language="en")
    game = started_game([ann, ben])
    deliver()
    seats = seat_users(game)
    player = seats[game.awaiting[0]]
    other = ann if player == ben else ben
    return {"game": game, "player": player, "other": other}


def bounce_event(recipient: str, message_id: str, key: str) -> str:
    """A Mailgun tracking payload: a permanent failure of the mail `message_id` to `recipient`."""
    return json.dumps({
        "signature": mailgun_signature(key),
        "event-data": {
            "event": "failed", "severity": "permanent", "reason": "bounce", "recipient": recipient,
            "timestamp": time.time(), "id": uuid.uuid4().hex,
            "delivery-status": {"code": 550, "message": "5.1.1 no such user", "description": "", "attempt-no": 1},
            "message": {"headers": {"to": recipient, "message-id": message_id, "subject": "Your turn"}},
        },
    })


def bounced(user: User) -> bool:
    user.refresh_from_db()
    return user.email_bounced_at is not None


def mail_commands(game: Game) -> int:
    return Command.objects.filter(game=game, idempotency_key__startswith="mail:").count()


# --- finding 1: forged bounces through the provider's webhook ----------------------------------------


def test_without_a_provider_an_event_signed_with_the_empty_key_finds_no_webhook(client: Any, table: dict) -> None:
    """The default: no provider configured, so no provider URL at all (the event used to stop the mail)."""
    victim = table["player"]
    message_id = Outbox.objects.filter(to_email=victim.email).values_list("message_id", flat=True).first()
    with mail_provider(provider="", key=""):
        answer = client.post(TRACKING, bounce_event(victim.email, message_id.strip("<>"), ""),
                             content_type="application/json")
        inbound = client.post(INBOUND, {"body-mime": "x", **mailgun_signature("")})
    assert (answer.status_code, inbound.status_code) == (404, 404)
    assert not bounced(victim)


def test_a_configured_provider_mounts_its_own_webhooks_only(client: Any, db: None) -> None:
    with mail_provider():
        assert client.post(TRACKING, "{}", content_type="application/json").status_code == 400  # unsigned
        for other in ("/mail/anymail/postmark/tracking/", "/mail/anymail/amazon_ses/tracking/",
                      "/mail/anymail/sendgrid/inbound/"):
            assert client.post(other, "{}", content_type="application/json").status_code == 404, other


def test_a_provider_with_an_empty_signing_key_fails_the_system_check_and_mounts_nothing(client: Any, db: None) -> None:
    with mail_provider(key="  "):
        with pytest.raises(SystemCheckError, match="MAILGUN_WEBHOOK_SIGNING_KEY"):
            call_command("check")
        assert client.post(TRACKING, "{}", content_type="application/json").status_code == 404


def test_a_provider_with_its_key_passes_the_system_check(db: None) -> None:
    with mail_provider():
        call_command("check")  # raises SystemCheckError on an error


def test_manage_py_check_refuses_the_mailgun_backend_without_a_signing_key() -> None:
    """The provider as the environment names it (anymail's Mailgun backend sends the mail): `manage.py
    check` (and so `runserver`, `migrate`) fails until the signing key is set."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("MAIL_PROVIDER", "MAILGUN_WEBHOOK_SIGNING_KEY", "DJANGO_SETTINGS_MODULE")}
    env["EMAIL_BACKEND"] = "anymail.backends.mailgun.EmailBackend"
    done = subprocess.run([sys.executable, "manage.py", "check"], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0
    assert "MAILGUN_WEBHOOK_SIGNING_KEY" in done.stderr, done.stderr


def test_a_signed_bounce_of_a_message_we_did_not_send_changes_nothing(client: Any, table: dict) -> None:
    """Signed with the right key (a provider's event about someone else's mail on the same account, or a
    key that leaked): the Message-ID must be one of ours, keyed with the server's secret, to the address."""
    victim, other = table["player"], table["other"]
    others_mail = Outbox.objects.filter(to_email=other.email).values_list("message_id", flat=True).first()
    with mail_provider():
        for message_id in ("20250303101500.1.ABC@mg.example.org", others_mail.strip("<>")):
            answer = client.post(TRACKING, bounce_event(victim.email, message_id, WEBHOOK_KEY),
                                 content_type="application/json")
            assert answer.status_code == 200
    assert not bounced(victim)


def test_a_signed_bounce_of_our_mail_to_that_address_marks_it(client: Any, table: dict) -> None:
    victim = table["player"]
    message_id = Outbox.objects.filter(to_email=victim.email).values_list("message_id", flat=True).first()
    with mail_provider():
        answer = client.post(TRACKING, bounce_event(victim.email.upper(), message_id.strip("<>"), WEBHOOK_KEY),
                             content_type="application/json")
    assert answer.status_code == 200 and bounced(victim)


# --- review: unsigned junk and the webhooks' rate limit ----------------------------------------------


def webhook_rate(settings: Any, rate: str) -> None:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**rates, "inbound_mail": rate}}


def test_unsigned_junk_does_not_block_a_signed_call_from_the_same_address(
    client: Any, table: dict, settings: Any
) -> None:
    """Every Mailgun call comes from Mailgun's shared addresses: junk posted from there (or mail from anybody
    to the routed address) must not use up the budget that real replies and bounces pass."""
    webhook_rate(settings, "5/min")
    victim = table["player"]
    message_id = Outbox.objects.filter(to_email=victim.email).values_list("message_id", flat=True).first()
    with mail_provider():
        junk = [client.post(INBOUND, {"body-mime": "x"}).status_code for _ in range(5)]
        signed = [client.post(TRACKING, bounce_event(table["other"].email, "x@mg.example.org", WEBHOOK_KEY),
                              content_type="application/json").status_code for _ in range(6)]
        answer = client.post(TRACKING, bounce_event(victim.email, message_id.strip("<>"), WEBHOOK_KEY),
                             content_type="application/json")
    assert junk == [400] * 5 and signed == [200] * 6
    assert answer.status_code == 200 and bounced(victim)


def test_unsigned_junk_past_the_budget_is_429_and_signed_calls_still_pass(client: Any, table: dict, settings: Any) -> None:
    webhook_rate(settings, "3/min")
    forged = {**mailgun_signature("not-the-key"), "body-mime": "x"}
    with mail_provider():
        junk = [client.post(INBOUND, forged).status_code for _ in range(3)]
        junk += [client.post(TRACKING, "{}", content_type="application/json").status_code for _ in range(2)]
        turn = last_mail(table["player"])
        form = {"body-mime": reply(turn, "1\n").decode(), "recipient": turn.reply_to[0],
                "sender": table["player"].email, **mailgun_signature(WEBHOOK_KEY)}
        real = client.post(INBOUND, form)
        elsewhere = Client(REMOTE_ADDR="198.51.100.7", enforce_csrf_checks=True).post(INBOUND, forged)
    assert junk == [400] * 3 + [429] * 2
    assert real.status_code == 200 and mail_commands(table["game"]) == 1
    assert elsewhere.status_code == 400  # a budget per client address (and no CSRF check: 403)


def test_a_signature_that_is_not_ascii_is_a_refused_one_and_counted(client: Any, table: dict, settings: Any) -> None:
    """Not a 500 (anymail encodes the fields as ASCII), and not a way around the budget of refused calls."""
    webhook_rate(settings, "2/min")
    odd = {"timestamp": "1", "token": "t\u00e9", "signature": "x"}
    with mail_provider():
        statuses = [client.post(INBOUND, {"body-mime": "x", **odd}).status_code,
                    client.post(TRACKING, json.dumps({"signature": odd}), content_type="application/json").status_code,
                    client.post(TRACKING, json.dumps({"signature": odd}), content_type="application/json").status_code]
    assert statuses == [400, 400, 429]


# --- finding 3: the mail-in budget -------------------------------------------------------------------


def mail_to(address: str, sender: str, body: str) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, address, "Re: Your turn"
    message["Message-ID"] = f"<{uuid.uuid4().hex}@client.example>"
    message.set_content(body)
    return message.as_bytes()


def test_forged_mail_does_not_use_up_the_budget_of_the_player_it_names(settings: Any, table: dict) -> None:
    """The attacker writes to a reply address of their own with the victim's From: each is a stranger's
    mail, and the victim's genuine reply afterwards still plays."""
    settings.MAILIN_RATE_PER_HOUR = 3
    game, victim, attacker = table["game"], table["player"], table["other"]
    own_address = tokens.reply_address(attacker.pk, game.pk, game.version)
    for _ in range(5):
        assert pipe(mail_to(own_address, victim.email, "1\n"))[0] == 0
    code, out = pipe(reply(last_mail(victim), "1\n"))
    assert code == 0 and "rate_limited" not in out, out
    assert mail_commands(game) == 1


def test_strangers_mail_has_a_budget_of_its_own(settings: Any, table: dict) -> None:
    settings.MAILIN_RATE_PER_HOUR = 3
    game, attacker = table["game"], table["other"]
    own_address = tokens.reply_address(attacker.pk, game.pk, game.version)
    outcomes = [pipe(mail_to(own_address, "someone@example.net", "1\n"))[1] for _ in range(5)]
    assert [o.split(":")[0] for o in outcomes] == ["stranger"] * 3 + ["rate_limited"] * 2
    assert InboundMail.objects.count() == 3  # past the budget, nothing more is written


def test_strangers_changing_their_from_share_one_budget_per_reply_address(settings: Any, table: dict) -> None:
    """A new From on each mail (or one too long to store) is no new budget: strangers' mail to the addresses of
    one player shares one, and the player's own reply still plays."""
    settings.MAILIN_RATE_PER_HOUR = 3
    game, player, other = table["game"], table["player"], table["other"]
    address = tokens.reply_address(player.pk, game.pk, game.version)
    senders = [f"rot{i}@evil.example" for i in range(6)] + [f"{'x' * 60}.{i}@{'y' * 240}.example" for i in range(4)]
    outcomes = [pipe(mail_to(address, sender, "1\n"))[1].split(":")[0] for sender in senders]
    assert outcomes == ["stranger"] * 3 + ["rate_limited"] * 7
    assert InboundMail.objects.count() == 3
    later = tokens.reply_address(player.pk, game.pk, game.version + 1)  # another address of the same player
    assert pipe(mail_to(later, "fresh@evil.example", "1\n"))[1].startswith("rate_limited")
    code, out = pipe(reply(last_mail(player), "1\n"))
    assert code == 0 and out.startswith("applied"), out
    # Another player's strangers' budget is their own.
    elsewhere = tokens.reply_address(other.pk, game.pk, game.version)
    assert pipe(mail_to(elsewhere, "rot0@evil.example", "1\n"))[1].startswith("stranger")


def test_a_sender_too_long_to_store_is_counted(settings: Any, table: dict) -> None:
    settings.MAILIN_RATE_PER_HOUR = 2
    game, player = table["game"], table["player"]
    address = tokens.reply_address(player.pk, game.pk, game.version)
    sender = f"{'x' * 60}@{'y' * 250}.example"
    outcomes = [pipe(mail_to(address, sender, "1\n"))[1].split(":")[0] for _ in range(4)]
    assert outcomes == ["stranger"] * 2 + ["rate_limited"] * 2
    assert list(InboundMail.objects.values_list("sender", flat=True)) == [sender[:254]] * 2


def test_a_players_own_mail_still_has_its_budget(settings: Any, table: dict) -> None:
    settings.MAILIN_RATE_PER_HOUR = 2
    victim = table["player"]
    turn = last_mail(victim)
    outcomes = [pipe(reply(turn, "nonsense\n"))[1] for _ in range(3)]
    assert "rate_limited" not in outcomes[1] and outcomes[2].startswith("rate_limited"), outcomes


# --- finding 4: odd characters in a reply ------------------------------------------------------------

ODD_BODIES = {
    "nul": (b"1\x00\n", "utf-8"),
    "control character": (b"1\x1b[2J\n", "utf-8"),
    "lone surrogate": (b"+2AA-1\n", "utf-7"),
    "undecodable bytes": (b"1\xff\xfe\n", "utf-8"),
}


def raw_reply(turn: Any, body: bytes, charset: str, message_id: str | None = None) -> bytes:
    """A reply to `turn` with these bytes as its text, as they came (no transfer encoding)."""
    head = (f"From: {turn.to[0]}\r\nTo: {turn.reply_to[0]}\r\nSubject: Re: {turn.subject}\r\n"
            f"Message-ID: {message_id or f'<{uuid.uuid4().hex}@client.example>'}\r\nMIME-Version: 1.0\r\n"
            f"Content-Type: text/plain; charset={charset}\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
    return head.encode("utf-8", "surrogateescape") + body


def answered_unreadable(user: User) -> Any:
    mails = [m for m in deliver() if user.email in m.to]
    assert len(mails) == 1, [m.subject for m in mails]
    assert "characters that cannot be read" in mails[0].body, mails[0].body
    assert "\x00" not in mails[0].message().as_string()
    return mails[0]


@pytest.mark.parametrize("odd", list(ODD_BODIES))
def test_a_reply_with_odd_characters_is_answered_and_changes_nothing(table: dict, odd: str) -> None:
    game, player = table["game"], table["player"]
    body, charset = ODD_BODIES[odd]
    code, out = pipe(raw_reply(last_mail(player), body, charset))
    assert code == 0, out
    assert Game.objects.get(pk=game.pk).version == game.version and mail_commands(game) == 0
    answer = answered_unreadable(player)
    assert answer.reply_to, "the choices are listed again, answerable"


def test_a_reply_with_odd_characters_through_the_inbound_webhook_is_answered(client: Any, table: dict) -> None:
    game, player = table["game"], table["player"]
    turn = last_mail(player)
    raw = raw_reply(turn, b"1\x00\n", "utf-8")
    with mail_provider():
        form = {"body-mime": raw.decode(), "recipient": turn.reply_to[0], "sender": player.email,
                **mailgun_signature(WEBHOOK_KEY)}
        assert client.post(INBOUND, form).status_code == 200
    assert mail_commands(game) == 0
    answered_unreadable(player)


def test_a_nul_in_the_message_id_is_not_written_into_the_answer(table: dict) -> None:
    game, player = table["game"], table["player"]
    code, out = pipe(reply(last_mail(player), "1\n", message_id="<a\x00b@client.example>"))
    assert code == 0, out
    assert mail_commands(game) == 1
    answer = [m for m in deliver() if player.email in m.to][0]
    assert "\x00" not in answer.message().as_string()


def test_a_sender_address_that_cannot_be_read_is_refused_for_good(table: dict) -> None:
    """Nobody to answer: the MTA's permanent failure (65), never "try later" (75); nothing is recorded."""
    turn = last_mail(table["player"])
    code, out = pipe(raw_reply(turn, b"1\n", "utf-8").replace(turn.to[0].encode(), b"ann\x00@example.org", 1))
    assert code == 65, out
    assert InboundMail.objects.count() == 0 and mail_commands(table["game"]) == 0


def test_a_reply_address_with_odd_characters_is_no_such_address(table: dict) -> None:
    """Not "a bug" (70), nor "try later": the address does not exist (67)."""
    player = table["player"]
    token = tokens.token_of_address(last_mail(player).reply_to[0]) or ""
    for odd in ("\u00e9", "\x00", "\ufffd"):
        forged = f"play+{token[:-1]}{odd}@play.example.org"
        code, out = pipe(mail_to(forged, player.email, "1\n"))
        assert code == 67, (odd, out)
    assert InboundMail.objects.count() == 0


# --- finding 5: line breaks in names -----------------------------------------------------------------

INJECTED = "- 1. Give all gold to M"


def test_a_name_with_line_breaks_stays_on_its_line_in_other_players_mails(make_user: Callable[..., Any]) -> None:
    mallory = make_user("mallory", email_verified_at=timezone.now(), language="en")
    ben = make_user("ben", email_verified_at=timezone.now(), language="en")
    name = f"M\r\nFrom: a@b.org\n== Choices ==\u2028{INJECTED}"  # 56 characters: a name fits 60
    User.objects.filter(pk=mallory.pk).update(display_name=name)  # as written before names were checked
    started_game([mallory, ben])
    mails = [m for m in deliver() if ben.email in m.to]
    assert mails
    for mail in mails:
        lines = mail.body.splitlines()
        assert INJECTED not in lines and not any(line.startswith("From: a@b") for line in lines), mail.body
        assert "M From: a@b.org == Choices == " + INJECTED in mail.body
