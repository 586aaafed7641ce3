"""A private game's watcher chats in a real browser: signed in with the host's watch link, they write in the
spectators' chat with the watch page's form; their page polls new messages through the link; they never see
the players' chat; a player's open table shows the watcher's message; axe-core finds nothing serious."""

from __future__ import annotations

from typing import Any

import pytest

from chat import services as chat
from chat.models import Channel, Message
from games import services
from games.pages import watch_token

from .axe import assert_accessible
from .conftest import hold_live_updates
from .test_chat import signed_in_tab

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_watcher_chats_with_the_spectators_and_the_players_read_it(browser: Any, live_server: Any,
                                                                     make_user: Any) -> None:
    ann, ben, wanda = make_user("Ann"), make_user("Ben"), make_user("Wanda")
    game = services.create_game(ann, "citadels", 2, listed=False, spectators_allowed=True)
    services.join_game(ben, game.pk, invited=True)
    services.start_game(ann, game.pk)
    chat.post(ann, game.pk, "our secret plan")
    link = f"{live_server.url}/games/watch/{watch_token(game)}/"

    watchers = signed_in_tab(browser, live_server, wanda)
    hold_live_updates(watchers)
    watchers.goto(link)
    assert watchers.locator("#chat .chat-empty").is_visible()  # the players' chat is not theirs to read
    watchers.fill("#chat-text", "Go Ben!")
    watchers.click("#chat .chat-form button")
    watchers.wait_for_url("**/games/watch/**/#chat")
    assert [t.strip() for t in watchers.locator("#chat .chat-text").all_inner_texts()] == ["Go Ben!"]
    said = Message.objects.get(author=wanda)
    assert said.channel == Channel.SPECTATORS

    bens = signed_in_tab(browser, live_server, ben)
    hold_live_updates(bens)
    bens.goto(f"{live_server.url}/games/{game.pk}/")
    assert "Go Ben!" in bens.locator("#chat").inner_text()

    # Ben answers in the players' chat: the watcher's poll brings nothing of it.
    chat.post(ben, game.pk, "thanks, but hush")
    watchers.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    watchers.wait_for_timeout(1500)
    assert "thanks, but hush" not in watchers.locator("#chat").inner_text()
    # When the host lets spectators read the players' chat, the watcher's poll brings it.
    chat.set_players_public(ann, game.pk, True)
    chat.post(ben, game.pk, "now you may read this")
    watchers.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    watchers.locator("#chat .chat-messages li", has_text="now you may read this").wait_for(timeout=20_000)

    assert_accessible(watchers, "the watch page with its chat")
    assert watchers.js_errors == [] and bens.js_errors == []
