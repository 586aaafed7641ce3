"""A game mail's bytes with the quick header policy and a set boundary (notifications/mime.py) are the
standard library's: every header line of real mails in both languages, short or folded, ASCII or not; a subject
with a line break is sent on one line, another header with one is refused."""

from __future__ import annotations

from email import policy
from email.policy import Compat32
from typing import Any

import pytest
from django.core.mail import BadHeaderError
from django.utils import timezone

from games import services
from notifications import delivery
from notifications.mime import QUICK_FOLD, QuickFold
from notifications.models import Outbox

from ..games.helpers import started_game

pytestmark = pytest.mark.django_db


def test_game_mails_are_written_as_the_standard_library_writes_them(make_user: Any) -> None:
    users = [make_user(name, language=language, email_verified_at=timezone.now())
             for name, language in (("Anna", "en"), ("Bën Müller-Lüdenscheidt", "de"),
                                    ("carla-with-a-rather-long-address-name", "de"))]
    game = started_game(users)
    seat = game.awaiting[0]
    player = next(u for u in users if services.seat_of(game, u) == seat)
    services.execute(player, game.pk, services.game_detail(game, player)["legal_commands"][0])
    rows = list(Outbox.objects.filter(game=game).order_by("id"))
    assert {row.language for row in rows} == {"en", "de"} and len(rows) >= 4
    lines = 0
    for row in rows:
        row.params = {**(row.params or {}), "thread": {"in_reply_to": "<reply-1@example.com>",
                                                        "references": "<a@example.com> " * 12 + "<reply-1@example.com>"}}
        message = delivery.build_email(row).message()
        assert message.policy is QUICK_FOLD and message.get_boundary()
        quick = message.as_bytes(linesep="\r\n")
        message.policy = policy.compat32
        assert quick == message.as_bytes(linesep="\r\n"), row.kind
        lines += quick.count(b"\r\n")
    assert lines > 100


@pytest.mark.parametrize("subject", [
    "Ohne Furcht und Adel: Zeit für deinen Zug – die Frist läuft bald ab",  # not ASCII, folded as before
    "Your turn in game 12 " + "x" * 50,  # ASCII, just past the line
    "Your turn in game 12 " + "x" * 36,  # ASCII, just within it
    "Dein Zug " + "ä" * 120,  # long and not ASCII: encoded words over several lines
])
def test_headers_short_long_and_not_ascii_are_the_standard_librarys(subject: str) -> None:
    mail = delivery.OutboxMail(subject=subject, body="text", from_email="Spiel <play@example.org>",
                             to=["jörg@example.org"], headers={"Message-ID": "<1@example.org>"})
    mail.attach_alternative("<p>text</p>", "text/html")
    message = mail.message()
    quick = message.as_bytes(linesep="\r\n")
    message.policy = policy.compat32
    assert quick == message.as_bytes(linesep="\r\n")
    assert all(len(line) <= 998 for line in quick.split(b"\r\n"))


def test_a_line_break_in_the_subject_is_folded_to_one_line() -> None:
    """A subject may carry a name: it is sent on one line (refusing it would stop the mail), with no
    header of its own."""
    mail = delivery.OutboxMail(subject="Your turn\r\nBcc: victim@example.org\u2028X: y", body="text",
                             from_email="play@example.org", to=["a@example.org"])
    message = mail.message()
    assert message["Subject"] == "Your turn Bcc: victim@example.org X: y"
    assert message["Bcc"] is None and message["X"] is None


def test_a_line_break_in_another_header_is_refused_not_written() -> None:
    mail = delivery.OutboxMail(subject="Your turn", body="text", from_email="play@example.org", to=["a@example.org"],
                             headers={"In-Reply-To": "<a@example.org>\nBcc: victim@example.org"})
    with pytest.raises(BadHeaderError):
        mail.message()


def test_the_quick_policy_overrides_only_the_public_interface_of_compat32() -> None:
    """A private method of the standard library may change in any release: the policy keeps to `fold` and
    `fold_binary`, the methods the generators call and the documentation lets a policy override."""
    overridden = {name for name in vars(QuickFold) if callable(getattr(Compat32, name, None)) and not name.startswith("__")}
    assert overridden == {"fold", "fold_binary"}
