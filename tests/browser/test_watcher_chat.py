"""A private game's watcher chats in a real browser: signed in with the host's watch link, they write in the
spectators' chat with the watch page's form (in place); the lines arrive over the watch link's live stream;
they never see the players' chat (the stream tells them nothing of it); a player's open table shows the
watcher's line; axe-core finds nothing serious."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from chat import services as chat
from chat.models import Channel, Message
from games import services
from games.page_access import watch_token

from .axe import assert_accessible
from .test_chat import opened, signed_in_tab

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_watcher_chats_with_the_spectators_and_the_players_read_it(browser: Any, live_server: Any,
                                                                     make_user: Any) -> None:
    ann, ben, wanda = make_user("Ann"), make_user("Ben"), make_user("Wanda")
    game = services.create_game(ann, "citadels", 2, listed=False, spectators_allowed=True)
    services.join_game(ben, game.pk, invited=True)
    services.start_game(ann, game.pk)
    chat.post(ann, game.pk, "our secret plan")
    link = f"{live_server.url}/games/watch/{watch_token(game)}/"

    watchers = opened(signed_in_tab(browser, live_server, wanda), link)
    assert watchers.locator("#chat .chat-empty").is_visible()  # the players' chat is not theirs to read
    bens = opened(signed_in_tab(browser, live_server, ben), f"{live_server.url}/games/{game.pk}/")
    watchers.fill("#chat-text", "Go Ben!")
    watchers.click("#chat .chat-form button")
    expect(watchers.locator("#chat .chat-text")).to_have_text(["Go Ben!"])
    said = Message.objects.get(author=wanda)
    assert said.channel == Channel.SPECTATORS
    expect(bens.locator("#chat")).to_contain_text("Go Ben!", timeout=5_000)

    # Ben answers in the players' chat: the watcher's page gets nothing of it.
    chat.post(ben, game.pk, "thanks, but hush")
    expect(bens.locator("#chat")).to_contain_text("thanks, but hush", timeout=5_000)
    watchers.wait_for_timeout(1000)
    assert "thanks, but hush" not in watchers.locator("#chat").inner_text()
    # When the host lets spectators read the players' chat, the watcher's page (opened again: its stream
    # follows the channels read when it opened) shows the players' lines as they come.
    chat.set_players_public(ann, game.pk, True)
    watchers.reload()
    chat.post(ben, game.pk, "now you may read this")
    watchers.locator("#chat .chat-messages li", has_text="now you may read this").wait_for(timeout=5_000)

    assert_accessible(watchers, "the watch page with its chat")
    assert watchers.js_errors == [] and bens.js_errors == []
