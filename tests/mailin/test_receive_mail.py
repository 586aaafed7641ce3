"""Replies piped into `manage.py receive_mail`: each checks the game and the answer mail."""

from __future__ import annotations

import hashlib
import re
from typing import Any

import pytest
from django.core import mail
from django.db import DataError, OperationalError
from django.utils import translation

from citadels import RULES
from citadels.cards import CHARACTERS
from citadels.site import describe_command
from games import services, store
from games.models import Command, Game
from mailin import services as mailin_services
from mailin.models import InboundMail
from notifications import reply_tokens as tokens
from notifications.models import Outbox
from tests.mailin.conftest import deliver, last_mail, pipe, quoted, reply

pytestmark = pytest.mark.django_db


def to_turn(table: dict[str, Any]) -> tuple[Any, int]:
    """Play the draft by answering "1" to each mail, until a seat may take gold; its user and seat.
    The commands played so far are set aside (`mail_commands()` then lists only later ones)."""
    game = table["game"]
    while True:
        game.refresh_from_db()
        seat = game.awaiting[0]
        if {"type": "take_gold"} in RULES.legal_commands(store.load_state(game), seat):
            deliver()
            table["before"] = set(Command.objects.values_list("pk", flat=True))
            return table["seats"][seat], seat
        assert pipe(reply(last_mail(table["seats"][seat]), "1\n"))[0] == 0
        deliver()


def mail_commands(table: dict[str, Any]) -> list[dict[str, Any]]:
    """The commands played by mail since `to_turn`."""
    rows = Command.objects.filter(idempotency_key__startswith="mail:").exclude(pk__in=table.get("before", set()))
    return [row.command for row in rows.order_by("first_seq")]


def answer_to(user: Any) -> Any:
    mails = [m for m in deliver() if user.email in m.to]
    assert len(mails) == 1, [m.subject for m in mails]
    return mails[0]


def test_turn_mail_carries_a_signed_reply_to_and_numbered_choices(table: dict[str, Any]) -> None:
    game = table["game"]
    seat = game.awaiting[0]
    user = table["seats"][seat]
    turn = last_mail(user)
    token = tokens.read_token(tokens.token_of_address(turn.reply_to[0]) or "")
    assert (token.user_id, token.game_id, token.version) == (user.pk, game.pk, game.version)
    assert turn.reply_to[0].endswith("@play.example.org") and len(turn.reply_to[0].split("@")[0]) <= 64
    assert "- 1. " in turn.body and "- 2. " in turn.body


def test_a_number_plays_what_the_email_listed_under_it_and_the_answer_lists_the_choices_now(
    table: dict[str, Any],
) -> None:
    """The email numbers the draft's characters by rank, as the table's buttons are ordered (the rules list
    them by id): "3" is the third line of the email, not the rules' third command."""
    game = table["game"]
    seat = game.awaiting[0]
    user = table["seats"][seat]
    turn = last_mail(user)
    listed = dict(re.findall(r"^- (\d+)\. (.+)$", turn.body, re.MULTILINE))
    code, out = pipe(reply(turn, "3\n\n" + quoted(turn)))
    assert code == 0, out
    played = Command.objects.get(game=game, user=user).command
    with translation.override(user.language):
        assert describe_command(played, {}) == listed["3"], (played, listed)
    offered = [c["character"] for c in RULES.legal_commands(store.load_state(game, at=game.version), seat)]
    assert played["character"] == sorted(offered, key=lambda c: CHARACTERS[c].rank)[2]
    answer = answer_to(user)
    assert "Applied" in answer.body or "Ausgeführt" in answer.body


@pytest.mark.parametrize("client_style", ["gmail_en", "gmail_de", "outlook_en", "outlook_de", "apple_en",
                                          "thunderbird_de", "html_gmail", "html_outlook"])
def test_words_in_each_mail_clients_reply_format(table: dict[str, Any], client_style: str) -> None:
    user, seat = to_turn(table)
    turn = last_mail(user)
    command = {"type": "take_gold"} if client_style.endswith(("en", "gmail")) else {"type": "draw_cards"}
    words = "gold" if command["type"] == "take_gold" else "Karten ziehen"
    body, html = STYLES[client_style](words, turn)
    code, out = pipe(reply(turn, body, html=html))
    assert code == 0, out
    game = Game.objects.get(pk=table["game"].pk)
    assert mail_commands(table) == [command], game
    answer = answer_to(user)
    assert answer.reply_to, "still this player's turn: the answer can be answered again"
    assert "- 1. " in answer.body


def test_several_lines_play_several_moves_and_stop_at_a_refusal(table: dict[str, Any]) -> None:
    user, seat = to_turn(table)
    turn = last_mail(user)
    code, _ = pipe(reply(turn, "gold\nbuild nothing-like-this\nend\n\n" + quoted(turn)))
    assert code == 0
    assert mail_commands(table) == [{"type": "take_gold"}]
    answer = answer_to(user)
    body = answer.body
    assert "build nothing-like-this" in body and "\u201cend\u201d" in body  # refused, then not tried


def test_the_same_message_twice_is_applied_and_answered_once(table: dict[str, Any]) -> None:
    user, seat = to_turn(table)
    turn = last_mail(user)
    raw = reply(turn, "gold\n", message_id="<same@client.example>")
    assert pipe(raw)[0] == 0
    version = Game.objects.get(pk=table["game"].pk).version
    assert pipe(raw)[0] == 0
    assert Game.objects.get(pk=table["game"].pk).version == version
    assert len([m for m in deliver() if user.email in m.to]) == 1
    assert mail_commands(table) == [{"type": "take_gold"}]


def test_a_reply_to_a_decision_already_taken_changes_nothing_and_says_so(table: dict[str, Any]) -> None:
    user, seat = to_turn(table)
    turn = last_mail(user)
    services.execute(user, table["game"].pk, {"type": "draw_cards"})  # played on the web meanwhile
    deliver()
    version = Game.objects.get(pk=table["game"].pk).version
    assert pipe(reply(turn, "gold\n"))[0] == 0
    assert Game.objects.get(pk=table["game"].pk).version == version
    body = answer_to(user).body
    assert "already taken" in body or "schon gefallen" in body


def test_forged_token_stranger_and_robots_change_nothing_and_get_no_answer(table: dict[str, Any]) -> None:
    game = table["game"]
    user = table["seats"][game.awaiting[0]]
    turn = last_mail(user)
    version = game.version
    forged = reply(turn, "1\n").replace(turn.reply_to[0].split("@")[0][-6:].encode(), b"aaaaaa")
    assert pipe(forged)[0] == 67
    assert pipe(reply(turn, "1\n", sender="mallory@example.net"))[0] == 0
    assert pipe(reply(turn, "1\n", headers={"Auto-Submitted": "auto-replied"}))[0] == 0
    assert pipe(reply(turn, "1\n", headers={"Precedence": "bulk"}))[0] == 0
    assert pipe(reply(turn, "1\n", sender="MAILER-DAEMON@mx.example.org"))[0] == 0
    assert Game.objects.get(pk=game.pk).version == version
    assert deliver() == []
    assert set(InboundMail.objects.values_list("outcome", flat=True)) == {"stranger"}


def test_expired_token_and_oversized_mail_are_refused(table: dict[str, Any], settings: Any) -> None:
    game = table["game"]
    user = table["seats"][game.awaiting[0]]
    turn = last_mail(user)
    settings.MAILIN_TOKEN_DAYS = -1
    assert pipe(reply(turn, "1\n"))[0] == 67
    settings.MAILIN_TOKEN_DAYS = 60
    settings.MAILIN_MAX_BYTES = 500
    assert pipe(reply(turn, "1\n" + "x" * 1000))[0] == 65
    assert Game.objects.get(pk=game.pk).version == game.version and deliver() == []


@pytest.mark.parametrize("error, code", [(DataError("invalid byte sequence"), 65),
                                          (OperationalError("could not connect"), 75)])
def test_a_value_the_database_refuses_fails_for_good_and_a_database_away_asks_to_try_later(
    table: dict[str, Any], monkeypatch: Any, error: Exception, code: int
) -> None:
    """The MTA retries 75 for days: only for a database that is away, never for a message it refuses."""
    turn = last_mail(table["seats"][table["game"].awaiting[0]])

    def failing(raw: bytes, recipient: str | None = None) -> Any:
        raise error

    monkeypatch.setattr(mailin_services, "receive", failing)
    assert pipe(reply(turn, "1\n"))[0] == code


def test_rate_limit_per_player(table: dict[str, Any], settings: Any) -> None:
    settings.MAILIN_RATE_PER_HOUR = 2
    user = table["seats"][table["game"].awaiting[0]]
    turn = last_mail(user)
    for n in range(3):
        pipe(reply(turn, "no such choice\n", message_id=f"<rate{n}@client.example>"))
    assert InboundMail.objects.count() == 2
    assert len([m for m in deliver() if user.email in m.to]) == 2


def test_a_delivery_status_notification_marks_the_address_undeliverable(table: dict[str, Any], api_client: Any) -> None:
    user = table["ann"]
    sent = last_mail(user, with_reply_to=False)
    dsn = DSN.format(recipient=user.email, message_id=sent.extra_headers["Message-ID"]).encode()
    forged = DSN.format(recipient=user.email, message_id="<not-ours@example.org>").encode()
    assert pipe(forged)[0] == 0
    # Nor a report naming what a Message-ID would be if it were a plain hash of what anyone knows of the mail.
    row = Outbox.objects.get(message_id=sent.extra_headers["Message-ID"])
    worked_out = "<{}@{}>".format(hashlib.sha256(row.dedupe_key.encode()).hexdigest()[:40],
                                  sent.extra_headers["Message-ID"].split("@")[1].rstrip(">"))
    assert pipe(DSN.format(recipient=user.email, message_id=worked_out).encode())[0] == 0
    # Nor one naming a row written before the IDs were keyed, whose stored ID is such a plain hash.
    Outbox.objects.filter(pk=row.pk).update(message_id=worked_out)
    assert pipe(DSN.format(recipient=user.email, message_id=worked_out).encode())[0] == 0
    Outbox.objects.filter(pk=row.pk).update(message_id=sent.extra_headers["Message-ID"])
    user.refresh_from_db()
    assert user.email_bounced_at is None
    assert pipe(dsn)[0] == 0
    user.refresh_from_db()
    assert user.email_bounced_at is not None and user.email_verified_at is None
    assert api_client(user).get("/api/me").json()["email_bounced"] is True
    # No more game mail to it: a new turn for this player writes no outbox row.
    last = Outbox.objects.order_by("-id").values_list("id", flat=True).first() or 0
    game = table["game"]
    while game.status == Game.Status.ACTIVE and user.pk not in [table["seats"][s].pk for s in game.awaiting]:
        seat = game.awaiting[0]
        services.execute(table["seats"][seat], game.pk, RULES.legal_commands(store.load_state(game), seat)[0])
        game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # the player is awaited again, and no mail was written for them
    assert not Outbox.objects.filter(id__gt=last, to_email=user.email).exists()


def test_receive_mail_as_an_mta_pipes_it(table: dict[str, Any], tmp_path: Any) -> None:
    """The command reads the file given (`--file`) like stdin, and takes --recipient from the MTA."""
    user = table["seats"][table["game"].awaiting[0]]
    turn = last_mail(user)
    path = tmp_path / "reply.eml"
    raw = reply(turn, "1\n")
    path.write_bytes(raw.replace(b"To: " + turn.reply_to[0].encode(), b"To: someone@play.example.org"))
    code, out = pipe(b"", "--file", str(path), "--recipient", turn.reply_to[0])
    assert code == 0, out
    assert Command.objects.filter(idempotency_key__startswith="mail:").count() == 1
    assert mail.outbox  # and an answer is on its way
    assert answer_to(user)


# --- how mail clients quote -------------------------------------------------------------------------

def _gmail_en(words: str, turn: Any) -> tuple[str, None]:
    return (f"{words}\n\nOn Mon, 3 Mar 2025 at 10:15, Citadels <citadels@localhost> wrote:\n\n{quoted(turn)}\n", None)


def _gmail_de(words: str, turn: Any) -> tuple[str, None]:
    return (f"{words}\n\nAm Mo., 3. März 2025 um 10:15 Uhr schrieb Citadels <\ncitadels@localhost>:\n\n"
            f"{quoted(turn)}\n", None)


def _outlook_en(words: str, turn: Any) -> tuple[str, None]:
    return (f"{words}\r\n\r\n________________________________\r\nFrom: Citadels <citadels@localhost>\r\n"
            f"Sent: Monday, March 3, 2025 10:15 AM\r\nTo: Ann\r\nSubject: {turn.subject}\r\n\r\n{turn.body}", None)


def _outlook_de(words: str, turn: Any) -> tuple[str, None]:
    return (f"{words}\r\n\r\nMit freundlichen Grüßen\r\nBen\r\n\r\n-----Ursprüngliche Nachricht-----\r\n"
            f"Von: Citadels <citadels@localhost>\r\nGesendet: Montag, 3. März 2025 10:15\r\nAn: Ben\r\n"
            f"Betreff: {turn.subject}\r\n\r\n{turn.body}"[: len(words) + 4] + "\r\n\r\n-----Ursprüngliche Nachricht-----\r\n"
            f"Von: Citadels <citadels@localhost>\r\nBetreff: {turn.subject}\r\n\r\n{turn.body}", None)


def _apple_en(words: str, turn: Any) -> tuple[str, None]:
    return (f"{words}\n\nSent from my iPhone\n\n> On 3 Mar 2025, at 10:15, Citadels <citadels@localhost> wrote:\n"
            f">\n{quoted(turn)}\n", None)


def _thunderbird_de(words: str, turn: Any) -> tuple[str, None]:
    return (f"{words}\n\n-- \nBen Beispiel\n\nAm 03.03.25 um 10:15 schrieb Citadels:\n{quoted(turn)}\n", None)


def _html_gmail(words: str, turn: Any) -> tuple[str, str]:
    return ("", f'<div dir="ltr">{words}</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">'
                f'On Mon, 3 Mar 2025 at 10:15, Citadels &lt;citadels@localhost&gt; wrote:<br></div>'
                f'<blockquote class="gmail_quote">{turn.body.replace(chr(10), "<br>")}</blockquote></div>')


def _html_outlook(words: str, turn: Any) -> tuple[str, str]:
    return ("", f'<html><head><style>p {{margin:0}}</style></head><body><div><p>{words}</p></div>'
                f'<div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> Citadels</div>'
                f'<div>{turn.body.replace(chr(10), "<br>")}</div></body></html>')


STYLES = {"gmail_en": _gmail_en, "gmail_de": _gmail_de, "outlook_en": _outlook_en, "outlook_de": _outlook_de,
          "apple_en": _apple_en, "thunderbird_de": _thunderbird_de, "html_gmail": _html_gmail,
          "html_outlook": _html_outlook}

DSN = """From: Mail Delivery System <MAILER-DAEMON@mx.example.org>
To: citadels@localhost
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B"
Message-ID: <dsn-{recipient}-{message_id}@mx.example.org>

--B
Content-Type: text/plain

I'm sorry to have to inform you that your message could not be delivered.

--B
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; {recipient}
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 <{recipient}>: Recipient address rejected: User unknown

--B
Content-Type: text/rfc822-headers

From: Citadels <citadels@localhost>
To: {recipient}
Message-ID: {message_id}
Subject: Your turn

--B--
"""
