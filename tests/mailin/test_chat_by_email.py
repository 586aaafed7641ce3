"""Chat by email: a reply's moves are its first lines; a line "chat:" (or "Chat:") or a blank line after
the moves starts the message, and everything after it is chat. A move is never read as chat nor chat as
a move; the answer says what became of each part."""

from __future__ import annotations

from typing import Any

import pytest

from chat.models import Message
from mailin import parse
from tests.mailin.conftest import last_mail, pipe, quoted, reply
from tests.mailin.test_receive_mail import answer_to, mail_commands, to_turn

GOLD = {"type": "take_gold"}


@pytest.mark.parametrize(("text", "moves", "chat"), [
    ("gold", ["gold"], ""),
    ("gold\n1", ["gold", "1"], ""),
    ("\n\ngold\n", ["gold"], ""),  # blank lines before the moves start nothing
    ("gold\n\n2", ["gold"], "2"),  # a move line after a blank line is chat
    ("gold\nchat: take gold\n1", ["gold"], "take gold\n1"),  # after "chat:" a move is chat
    ("Chat:\nbuild Palace", [], "build Palace"),
    ("CHAT :  hello", [], "hello"),
    ("chat:", [], ""),
    ("gold\n\n\nHi all,\n\nsee you\n\n", ["gold"], "Hi all,\n\nsee you"),
    ("gold\nchatty line", ["gold", "chatty line"], ""),  # only the line "chat:" starts the chat
    ("gold\n\nsee you\n> On Monday Ann wrote:\n> 1", ["gold"], "see you"),  # the quote is cut as before
    ("gold\n\nbye\n--\nAnn", ["gold"], "bye"),  # and the signature
])
def test_the_rule_splits_moves_from_chat(text: str, moves: list[str], chat: str) -> None:
    assert parse.split_reply(text) == parse.Reply(moves, chat)


def test_html_replies_keep_one_line_per_block_and_blank_lines_as_blank() -> None:
    blocks = parse.html_to_text("<div>gold</div>\n<div>1</div>\n<div><br></div><div>hello <b>you</b></div>")
    assert parse.split_reply(blocks) == parse.Reply(["gold", "1"], "hello you")
    paragraphs = parse.html_to_text("<p>gold</p><p>&nbsp;</p><p>line one<br>line two</p>")
    assert parse.split_reply(paragraphs) == parse.Reply(["gold"], "line one\nline two")


def english_turn(table: dict[str, Any]) -> Any:
    """The player who may take gold now, reading English (the table seats one English, one German)."""
    user, _seat = to_turn(table)
    user.language = "en"
    user.save(update_fields=["language"])
    return user


def messages() -> list[str]:
    return list(Message.objects.order_by("seq").values_list("text", flat=True))


@pytest.mark.django_db
def test_moves_then_chat_after_a_blank_line(table: dict[str, Any]) -> None:
    user = english_turn(table)
    turn = last_mail(user)
    # The rule at the foot of the mail, in its reader's language.
    assert "a line “chat:” (or an empty line)" in turn.body or "eine Zeile „chat:“ (oder eine Leerzeile)" in turn.body
    assert pipe(reply(turn, "gold\n\n1\nbuild the Palace next\n\n" + quoted(turn)))[0] == 0
    assert mail_commands(table) == [GOLD]  # "1" after the blank line was not played
    assert messages() == ["1\nbuild the Palace next"]
    message = Message.objects.get()
    assert message.author == user and message.channel == "players"
    body = answer_to(user).body
    assert "Applied" in body and "Sent to the players' chat" in body and "build the Palace next" in body


@pytest.mark.django_db
def test_only_chat_plays_nothing(table: dict[str, Any]) -> None:
    user = english_turn(table)
    turn = last_mail(user)
    version = table["game"].version
    assert pipe(reply(turn, "Chat: gold\n" + quoted(turn)))[0] == 0
    table["game"].refresh_from_db()
    assert mail_commands(table) == [] and table["game"].version == version
    assert messages() == ["gold"]
    body = answer_to(user).body
    assert "Sent to the players' chat" in body and "No choice was found" not in body and "Refused" not in body


@pytest.mark.django_db
def test_only_moves_say_nothing(table: dict[str, Any]) -> None:
    user = english_turn(table)
    turn = last_mail(user)
    assert pipe(reply(turn, "gold\n\n" + quoted(turn)))[0] == 0
    assert mail_commands(table) == [GOLD] and messages() == []
    assert "chat" not in answer_to(user).body.split("--")[0].lower()


@pytest.mark.django_db
def test_a_refused_move_still_sends_the_chat_and_a_refused_chat_is_told(table: dict[str, Any], settings: Any) -> None:
    user = english_turn(table)
    turn = last_mail(user)
    assert pipe(reply(turn, "99\nchat:\nsorry, wrong number\n" + quoted(turn)))[0] == 0
    assert mail_commands(table) == [] and messages() == ["sorry, wrong number"]
    body = answer_to(user).body
    assert "There is no choice 99." in body and "Sent to the players' chat" in body
    settings.CHAT_RATE_MESSAGES = 1
    turn = last_mail(user)
    assert pipe(reply(turn, "gold\nchat: one too many\n" + quoted(turn)))[0] == 0
    assert mail_commands(table) == [GOLD] and messages() == ["sorry, wrong number"]
    body = answer_to(user).body
    assert "Not sent to the chat" in body and "too fast" in body


@pytest.mark.django_db
def test_an_html_only_reply_carries_chat_too(table: dict[str, Any]) -> None:
    user = english_turn(table)
    turn = last_mail(user)
    html = "<div>gold</div><div><br></div><div>good game so far</div><blockquote>quoted 1</blockquote>"
    assert pipe(reply(turn, "", html=html))[0] == 0
    assert mail_commands(table) == [GOLD] and messages() == ["good game so far"]
