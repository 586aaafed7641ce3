"""The watchers of a private game (signed in, with the host's watch link `/games/watch/<token>/`) read and
write the spectators' chat through that link's addresses; they never read the players' chat unless the host
lets spectators read it; the players may hide theirs; a forged or withdrawn link, the players' channel and a
bad text are refused with nothing written."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chat import services
from chat.models import Channel, Message
from games import services as games
from games.page_access import watch_token
from tests.chat.test_chat_api import private_game
from tests.chat.test_chat_pages import chat_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def watched(make_user: Any) -> dict[str, Any]:
    ann, ben, wanda = make_user("Ann"), make_user("Ben"), make_user("Wanda")
    game = private_game(ann, ben, spectators_allowed=True)
    return {"ann": ann, "ben": ben, "wanda": wanda, "game": game, "link": f"/games/watch/{watch_token(game)}"}


def test_a_watcher_writes_and_polls_the_spectators_chat_by_the_watch_link(client: Any, watched: dict[str, Any]) -> None:
    game, link = watched["game"], watched["link"]
    client.force_login(watched["wanda"])
    section = chat_of(client.get(f"{link}/").content.decode())
    assert f'action="{link}/chat"' in section and f'data-poll-url="{link}/chat/messages"' in section
    assert "Say something to the spectators" in section
    answer = client.post(f"{link}/chat", {"text": "go Ann!"})
    assert answer.status_code == 302 and answer["Location"] == f"{link}/#chat"
    said = Message.objects.get()
    assert (said.channel, said.author, said.game) == (Channel.SPECTATORS, watched["wanda"], game)
    polled = client.get(f"{link}/chat/messages?after=0").json()
    assert "go Ann!" in polled["html"] and polled["last"] == said.seq
    assert f'name="back" value="{link}/"' not in polled["html"]  # no mute button for one's own message
    # the players read it on their table, and the watcher's mute goes back to the watch page
    services.post(watched["ann"], game.pk, "thanks")
    services.set_players_public(watched["ann"], game.pk, True)
    polled = client.get(f"{link}/chat/messages?after={said.seq}").json()
    assert "thanks" in polled["html"] and f'name="back" value="{link}/"' in polled["html"]
    muted = client.post(f"/chat/mute/{watched['ann'].pk}", {"game": game.pk, "mute": "1", "back": f"{link}/"})
    assert muted["Location"] == f"{link}/#chat"
    evil = client.post(f"/chat/mute/{watched['ann'].pk}", {"game": game.pk, "mute": "0", "back": "https://evil.example/"})
    assert evil["Location"] == f"/games/{game.pk}/#chat"  # another site is never a way back
    client.force_login(watched["ben"])
    assert "go Ann!" in chat_of(client.get(f"/games/{game.pk}/").content.decode())


def test_a_watcher_never_reads_the_players_chat_unless_the_host_lets_spectators(client: Any,
                                                                                watched: dict[str, Any]) -> None:
    game, link = watched["game"], watched["link"]
    services.post(watched["ben"], game.pk, "our secret plan")
    client.force_login(watched["wanda"])
    assert "our secret plan" not in chat_of(client.get(f"{link}/").content.decode())
    assert "our secret plan" not in client.get(f"{link}/chat/messages?after=0").json()["html"]
    services.set_players_public(watched["ann"], game.pk, True)  # the host lets spectators read it
    assert "our secret plan" in client.get(f"{link}/chat/messages?after=0").json()["html"]
    services.set_players_public(watched["ann"], game.pk, False)
    assert "our secret plan" not in chat_of(client.get(f"{link}/").content.decode())


def test_the_players_may_hide_the_watchers_chat(client: Any, watched: dict[str, Any]) -> None:
    game, link = watched["game"], watched["link"]
    client.force_login(watched["wanda"])
    client.post(f"{link}/chat", {"text": "boo"})
    services.set_hide_spectators(watched["ben"], game.pk, True)
    client.force_login(watched["ben"])
    assert "boo" not in chat_of(client.get(f"/games/{game.pk}/").content.decode())
    client.force_login(watched["ann"])
    assert "boo" in chat_of(client.get(f"/games/{game.pk}/").content.decode())


def test_refusals_write_nothing(client: Any, watched: dict[str, Any]) -> None:
    game, link = watched["game"], watched["link"]
    signed_out = client.post(f"{link}/chat", {"text": "anonymous"})
    assert signed_out.status_code == 302 and "/accounts/login" in signed_out["Location"]
    signed_out = client.get(f"{link}/chat/messages")
    assert signed_out.status_code == 401 and signed_out.json()["code"] == "not_authenticated"
    client.force_login(watched["wanda"])
    players = client.post(f"{link}/chat", {"text": "let me in", "channel": "players"}, follow=True)
    assert "Only the game&#x27;s players write in the players&#x27; chat." in players.content.decode()
    for bad in ("   ", "x" * 2001):
        client.post(f"{link}/chat", {"text": bad})
    forged = client.post("/games/watch/forged:token/chat", {"text": "hi"})
    assert forged.status_code == 404
    polled = client.get("/games/watch/forged:token/chat/messages")
    assert polled.status_code == 404 and set(json.loads(polled.content)) >= {"code", "message"}
    bad_after = client.get(f"{link}/chat/messages?after=x")
    assert bad_after.status_code == 400 and bad_after.json()["code"] == "invalid"
    games.set_spectators(watched["ann"], game.pk, allowed=False)  # the host withdraws the link
    assert client.post(f"{link}/chat", {"text": "still here?"}).status_code == 404
    assert client.get(f"{link}/chat/messages").status_code == 404
    assert not Message.objects.exists()
