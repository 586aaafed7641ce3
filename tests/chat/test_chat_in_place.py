"""The table's script posts the chat form in place: asked for JSON, the form's address answers 201 with the
line's number (the page stays), a refusal as 4xx JSON `{code, message}` with nothing written; the same post
without the script still answers with the page (a redirect to the chat). The table carries the live mark
that the stream's `?since=` sends (the chat lines its viewer reads)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from chat.models import Message
from games.page_access import watch_token
from tests.chat.test_chat_api import private_game
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def test_the_scripts_post_answers_json_and_the_forms_post_the_page(client: Any, make_user: Any) -> None:
    ann, ben = make_user("Ann"), make_user("Ben")
    game = started_game([ann, ben])
    client.force_login(ann)
    answer = client.post(f"/games/{game.pk}/chat", {"text": "Hello Ben"}, **JSON)
    assert answer.status_code == 201 and json.loads(answer.content) == {"seq": 1}
    refused = client.post(f"/games/{game.pk}/chat", {"text": "   "}, **JSON)
    assert refused.status_code == 400 and json.loads(refused.content)["code"] == "empty_message"
    hidden = client.post(f"/games/{10**9}/chat", {"text": "hi"}, **JSON)
    assert hidden.status_code == 404 and json.loads(hidden.content)["code"] == "game_not_found"
    plain = client.post(f"/games/{game.pk}/chat", {"text": "Without a script"})  # no JavaScript: the page
    assert plain.status_code == 302 and plain["Location"] == f"/games/{game.pk}/#chat"
    assert list(Message.objects.values_list("text", flat=True)) == ["Hello Ben", "Without a script"]


def test_a_watchers_post_answers_json_too(client: Any, make_user: Any) -> None:
    ann, ben, wanda = make_user("Ann"), make_user("Ben"), make_user("Wanda")
    game = private_game(ann, ben, spectators_allowed=True)
    client.force_login(wanda)
    token = watch_token(game)
    answer = client.post(f"/games/watch/{token}/chat", {"text": "Go Ben!"}, **JSON)
    assert answer.status_code == 201
    players = client.post(f"/games/watch/{token}/chat", {"text": "x", "channel": "players"}, **JSON)
    assert players.status_code == 403 and json.loads(players.content)["code"] == "not_a_player"


def test_the_table_carries_the_mark_of_the_lines_its_viewer_reads(client: Any, make_user: Any) -> None:
    ann, ben, wanda = make_user("Ann"), make_user("Ben"), make_user("Wanda")
    game = private_game(ann, ben, spectators_allowed=True)
    client.force_login(ann)
    client.post(f"/games/{game.pk}/chat", {"text": "players only"}, **JSON)

    def mark(path: str) -> int:
        found = re.search(r'id="live-mark" hidden data-mark="(\d+)"', client.get(path).content.decode())
        assert found is not None
        return int(found.group(1))

    assert mark(f"/games/{game.pk}/") == 1
    client.force_login(wanda)
    assert mark(f"/games/watch/{watch_token(game)}/") == 0  # the players' line is not the watcher's
