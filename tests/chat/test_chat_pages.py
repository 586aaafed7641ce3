"""The chat on the game's page: the section every table shows, the form that posts without JS, the small
endpoint the table polls, the replay, muting, and links shown safely."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from chat import services
from chat.models import Message, Mute
from tests.chat.test_chat_api import private_game
from tests.games.helpers import play_random, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_user: Any) -> dict[str, Any]:
    ann, ben = make_user("Ann"), make_user("Ben")
    return {"ann": ann, "ben": ben, "game": started_game([ann, ben]), "watcher": make_user("Wanda")}


def page(client: Any, user: Any, game: Any, query: str = "") -> str:
    if user is not None:
        client.force_login(user)
    answer = client.get(f"/games/{game.pk}/{query}")
    assert answer.status_code == 200
    return str(answer.content.decode())


def chat_of(html: str) -> str:
    return html.split('id="chat"', 1)[1].split("</section>", 1)[0]


def test_players_post_by_the_form_and_read_on_the_table(client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    client.force_login(table["ann"])
    answer = client.post(f"/games/{game.pk}/chat", {"text": "Hello Ben"})
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.pk}/#chat"
    section = chat_of(page(client, table["ben"], game))
    assert "Hello Ben" in section and "Ann" in section
    assert f'action="/games/{game.pk}/chat"' in section and "chat/chat.js" in section
    assert f'data-poll-url="/games/{game.pk}/chat/messages"' in section
    assert "Mute Ann" in section


def test_a_refused_message_is_told_and_nothing_is_written(client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    client.force_login(table["ann"])
    answer = client.post(f"/games/{game.pk}/chat", {"text": "   "}, follow=True)
    assert "The message is empty." in answer.content.decode()
    answer = client.post(f"/games/{game.pk}/chat", {"text": "x" * 2001}, follow=True)
    assert "at most 2000 characters" in answer.content.decode()
    assert not Message.objects.exists()


def test_spectators_and_guests_see_the_spectators_chat_only(client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    services.post(table["ann"], game.pk, "players only")
    services.post(table["watcher"], game.pk, "hello from the stands")
    watcher = chat_of(page(client, table["watcher"], game))
    assert "hello from the stands" in watcher and "players only" not in watcher
    assert "Say something to the spectators" in watcher
    client.logout()
    guest = chat_of(page(client, None, game))
    assert "hello from the stands" in guest and "players only" not in guest and "<textarea" not in guest


def test_a_stranger_of_a_private_game_gets_404s(client: Any, make_user: Any) -> None:
    ann, ben, sam = make_user("Ann"), make_user("Ben"), make_user("Sam")
    game = private_game(ann, ben)
    services.post(ann, game.pk, "just us")
    client.force_login(sam)
    assert client.post(f"/games/{game.pk}/chat", {"text": "hi"}).status_code == 404
    assert client.get(f"/games/{game.pk}/chat/messages?after=0").status_code == 404
    assert Message.objects.count() == 1


def test_the_poll_endpoint_gives_new_messages_escaped_with_safe_links(client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    services.post(table["ann"], game.pk, "first")
    services.post(table["ben"], game.pk, "<script>alert(1)</script> see https://example.org/a?b=1&c=2. "
                                         "and javascript:alert(2) or http://x.test/\"onmouseover=")
    client.force_login(table["ann"])
    answer = client.get(f"/games/{game.pk}/chat/messages?after=1").json()
    assert answer["last"] == 2 and "first" not in answer["html"]
    html = answer["html"]
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert '<a href="https://example.org/a?b=1&amp;c=2" rel="nofollow noopener noreferrer" target="_blank">' in html
    assert 'href="javascript' not in html and 'href="http://x.test/"' in html
    assert len(re.findall(r"<a href", html)) == 2
    assert client.get(f"/games/{game.pk}/chat/messages?after=2").json() == {"last": 2, "html": ""}
    assert client.get(f"/games/{game.pk}/chat/messages?after=x").status_code == 400


def test_the_replay_shows_what_was_said_by_then_and_no_form(client: Any, table: dict[str, Any]) -> None:
    game = table["game"]
    services.post(table["ann"], game.pk, "said early")
    early = game.version
    play_random(game, random.Random(5), max_commands=2)
    services.post(table["ben"], game.pk, "said later")
    replay = chat_of(page(client, table["ann"], game, f"?at={early}"))
    assert "said early" in replay and "said later" not in replay and "<textarea" not in replay
    assert 'data-poll-url=""' in replay
    now = chat_of(page(client, table["ann"], game))
    assert "said early" in now and "said later" in now


def test_mute_hide_spectators_and_let_them_read_from_the_page(client: Any, table: dict[str, Any]) -> None:
    game, ann, ben = table["game"], table["ann"], table["ben"]
    services.post(ben, game.pk, "from Ben")
    services.post(table["watcher"], game.pk, "from the stands")
    client.force_login(ann)
    assert client.post(f"/chat/mute/{ben.pk}", {"mute": "1", "game": game.pk}).status_code == 302
    assert Mute.objects.filter(user=ann, muted=ben).exists()
    section = chat_of(page(client, ann, game))
    assert "from Ben" not in section and "You muted 1 player" in section
    client.post(f"/games/{game.pk}/chat/settings", {"hide_spectators": "1"})
    assert "from the stands" not in chat_of(page(client, ann, game))
    client.post(f"/games/{game.pk}/chat/settings", {"players_public": "1"})  # Ann hosts
    assert "from Ben" in chat_of(page(client, table["watcher"], game))
    client.force_login(ben)
    client.post(f"/games/{game.pk}/chat/settings", {"players_public": "0"})  # not the host: refused
    assert "from Ben" in chat_of(page(client, table["watcher"], game))


def test_a_watcher_of_a_private_game_reads_the_spectators_chat_by_the_watch_link(client: Any, make_user: Any) -> None:
    from games.page_access import watch_token

    ann, ben, wanda = make_user("Ann"), make_user("Ben"), make_user("Wanda")
    game = private_game(ann, ben, spectators_allowed=True)
    services.post(ann, game.pk, "players only")
    client.force_login(wanda)
    section = chat_of(client.get(f"/games/watch/{watch_token(game)}/").content.decode())
    assert "players only" not in section  # writing and polling by the link: tests/chat/test_chat_watchers.py


def test_the_chat_speaks_german(client: Any, make_user: Any) -> None:
    ann, ben = make_user("Ann", language="de"), make_user("Ben")
    game = started_game([ann, ben])
    section = chat_of(page(client, ann, game))
    assert "Sag den Spielern etwas" in section and "Noch nichts gesagt." in section
    answer = client.post(f"/games/{game.pk}/chat", {"text": " "}, follow=True)
    assert "Die Nachricht ist leer." in answer.content.decode()
