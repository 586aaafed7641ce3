"""The answer email to a reply: in the player's language (the engine's refusals too) and threaded under
the player's message."""

from __future__ import annotations

from email.message import EmailMessage
from typing import Any

import pytest
from django.utils import translation

from citadels import RULES
from games import services, store
from mailin import parse
from mailin.choices import Match
from notifications.models import Kind, Outbox
from notifications.rendering import render
from tests.mailin.conftest import deliver, last_mail, pipe, quoted, reply
from tests.mailin.test_receive_mail import answer_to, mail_commands, to_turn

pytestmark = pytest.mark.django_db


def _german(user: Any) -> None:
    user.language = "de"
    user.save(update_fields=["language"])


def test_a_line_that_names_no_choice_is_refused_in_the_players_language(table: dict[str, Any]) -> None:
    user, _seat = to_turn(table)
    _german(user)
    turn = last_mail(user)
    with translation.override("en"):  # the receiving process's language (a webhook's request, the site's)
        assert pipe(reply(turn, "99\n\n" + quoted(turn)))[0] == 0
    body = answer_to(user).body
    assert "Abgelehnt" in body and "Es gibt keine Möglichkeit 99." in body


def test_the_engines_refusal_is_told_in_the_players_language(table: dict[str, Any], monkeypatch: Any) -> None:
    user, _seat = to_turn(table)
    _german(user)
    turn = last_mail(user)
    # A line read as a command the engine then refuses (a character choice during a turn).
    monkeypatch.setattr("mailin.choices.match_line",
                        lambda *args, **kwargs: Match({"type": "choose_character", "character": "king"}))
    with translation.override("en"):
        assert pipe(reply(turn, "König\n\n" + quoted(turn)))[0] == 0
    assert mail_commands(table) == []
    body = answer_to(user).body
    assert "\u201cKönig\u201d: Das geht gerade nicht." in body


def _threaded_reply(table: dict[str, Any]) -> tuple[Any, str, str]:
    user, _seat = to_turn(table)
    turn = last_mail(user)
    ours = turn.extra_headers["Message-ID"]
    raw = reply(turn, "gold\n\n" + quoted(turn), message_id="<reply-1@client.example>",
                headers={"References": f"<root@client.example> {ours}"})
    assert pipe(raw)[0] == 0
    return user, ours, "<reply-1@client.example>"


def test_the_answer_names_the_players_message_to_be_threaded_with(table: dict[str, Any]) -> None:
    user, ours, theirs = _threaded_reply(table)
    row = Outbox.objects.filter(user=user, kind=Kind.ANSWER).latest("id")
    assert row.params["thread"] == {"in_reply_to": theirs, "references": f"<root@client.example> {ours} {theirs}"}


def test_the_answer_email_carries_in_reply_to_and_references(table: dict[str, Any]) -> None:
    user, ours, theirs = _threaded_reply(table)
    answer = answer_to(user)
    assert answer.extra_headers["In-Reply-To"] == theirs
    assert answer.extra_headers["References"] == f"<root@client.example> {ours} {theirs}"
    message = answer.message()
    assert message["In-Reply-To"] == theirs and theirs in message["References"]


def _message(**headers: str) -> EmailMessage:
    message = EmailMessage()
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    return message


def test_thread_headers_follow_rfc_5322() -> None:
    assert parse.thread_headers(_message(Subject="no id")) == {}
    assert parse.thread_headers(_message(Message_ID="<b@x>", In_Reply_To="<a@x>")) == {
        "in_reply_to": "<b@x>", "references": "<a@x> <b@x>"}
    assert parse.thread_headers(_message(Message_ID="<b@x>")) == {"in_reply_to": "<b@x>", "references": "<b@x>"}
    long = " ".join(f"<{n}@x>" for n in range(40))
    references = parse.thread_headers(_message(Message_ID="<new@x>", References=long))["references"].split()
    assert len(references) == parse.MAX_REFERENCES
    assert references[0] == "<0@x>" and references[-2:] == ["<39@x>", "<new@x>"]  # the root and the latest
    # Whatever else a header holds, only message ids are taken (no line breaks or words into our headers).
    assert parse.thread_headers(_message(Message_ID="junk <c@x> more"))["in_reply_to"] == "<c@x>"


def test_an_answer_without_the_players_message_id_has_no_thread(table: dict[str, Any]) -> None:
    user, _seat = to_turn(table)
    turn = last_mail(user)
    raw = reply(turn, "gold\n").replace(b"Message-ID:", b"X-Old-Message-ID:")
    assert pipe(raw)[0] == 0
    deliver()
    assert Outbox.objects.filter(user=user, kind=Kind.ANSWER).latest("id").params["thread"] == {}


def test_the_answer_is_rendered_at_delivery_from_the_row_at_its_version(table: dict[str, Any]) -> None:
    """The answer row keeps each line's outcome, not the mail's words (issue 18): it is rendered when it is
    sent, like every mail, and reads the same whenever it is rendered, the game having moved on or not."""
    user, seat = to_turn(table)
    turn = last_mail(user)
    assert pipe(reply(turn, "gold\n\n" + quoted(turn)))[0] == 0
    row = Outbox.objects.filter(user=user, kind=Kind.ANSWER).latest("id")
    game = table["game"]
    game.refresh_from_db()
    assert set(row.params) == {"outcome", "thread"} and (row.seat, row.version) == (seat, game.version)
    assert [r["status"] for r in row.params["outcome"]["results"]] == ["applied"]
    sent = answer_to(user)
    assert render(row).text == sent.body and render(row).subject == sent.subject
    if seat in game.awaiting:  # the game moves on after the answer was written
        services.execute(user, game.pk, RULES.legal_commands(store.load_state(game), seat)[0])
    else:
        other = game.awaiting[0]
        services.execute(table["seats"][other], game.pk, RULES.legal_commands(store.load_state(game), other)[0])
    assert render(row).text == sent.body
