"""Issue 35: one rule for the text players write for others to read. The chat refused what display names
refuse only in part: a bidi override or a zero-width character went into the chat (through the API and the
table's form) while a display name with it was refused. Now both follow `accounts.models.is_text_character`;
the chat keeps its line breaks (and the joiners that scripts and emoji need pass both)."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User, is_name_character, is_text_character
from chat.models import Message
from chat.text import clean_text
from core.errors import ServiceError
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

# Bidi overrides, embeddings and isolates; zero-width space, no-break space and word joiner; the byte order
# mark; the soft hyphen; a control character; the line separator; the replacement character.
REFUSED = ["\u202e", "\u202d", "\u202a", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u200b",
           "\ufeff", "\u2060", "\u00ad", "\x07", "\x1b", "\x85", "\u2028", "\u2029", "\ufffd", "\ue000"]
KEPT = ["\u200d", "\u200c", "é", "Ψ", "☃", "\u00a0"]


@pytest.fixture
def table(make_user: Any) -> dict[str, Any]:
    ann, ben = make_user("Ann"), make_user("Ben")
    return {"ann": ann, "ben": ben, "game": started_game([ann, ben])}


def _api(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize("char", REFUSED)
def test_the_chat_api_and_form_refuse_what_a_display_name_refuses(char: str, table: dict[str, Any]) -> None:
    game, ann = table["game"], table["ann"]
    text = f"pay 5 gold to {char}Ben{char} now"
    answer = _api(ann).post(f"/api/games/{game.pk}/chat", {"text": text}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid_text", answer.content
    browser = Client()
    browser.force_login(ann)
    page = browser.post(f"/games/{game.pk}/chat", {"text": text}, follow=True)
    assert page.status_code == 200 and "The message contains characters that cannot be read." in page.content.decode()
    assert not Message.objects.exists()
    name = _api(ann).patch("/api/me", {"display_name": f"Ann{char}x"}, format="json")
    assert name.status_code == 400
    ann.refresh_from_db()
    assert ann.display_name == "Ann"


def test_the_chat_keeps_its_line_breaks_and_the_joiners(table: dict[str, Any]) -> None:
    game = table["game"]
    text = "first line\r\nsecond line\n👩\u200d🚀 محمد\u200cرضا\tthird"
    answer = _api(table["ann"]).post(f"/api/games/{game.pk}/chat", {"text": text}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["text"] == "first line\nsecond line\n👩\u200d🚀 محمد\u200cرضا third"
    browser = Client()
    browser.force_login(table["ben"])
    assert browser.post(f"/games/{game.pk}/chat", {"text": "a\nb"}).status_code == 302
    assert list(Message.objects.order_by("seq").values_list("text", flat=True))[-1] == "a\nb"
    assert _api(table["ben"]).patch("/api/me", {"display_name": "👩\u200d🚀 Ben"}, format="json").status_code == 200


def test_one_rule_for_every_character() -> None:
    """Over all of Unicode: a chat message takes a character exactly when a display name does (but the line
    break, and the tab, which a message's white space turns into a space)."""
    differ = []
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if char in "\n\r\t":
            continue
        try:
            clean_text(f"a{char}b")
            chat_takes = True
        except ServiceError:
            chat_takes = False
        if chat_takes != is_name_character(char) or is_text_character(char) != is_name_character(char):
            differ.append(hex(code))
    assert differ == []
    assert is_text_character("\n", line_break=True) and not is_name_character("\n")
    for char in KEPT:
        assert clean_text(f"a{char}b") == f"a{char}b" and is_name_character(char)
