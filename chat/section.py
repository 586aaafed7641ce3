"""The chat's section of a game's table (added to every game's page through `games.table_sections`): the
messages the viewer reads (at a replay's version: what was said by then), the form to say something (it
posts without JS), and what `static/chat/chat.js` needs to fetch new messages while the table is open."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from games.models import Game
from games.page_access import watch_token
from games.services.lifecycle import host_of

from . import services

SHOWN = 100  # the last messages on the page; the API has them all


def chat_section(request: HttpRequest, game: Game, at: int | None, watched: bool) -> dict[str, Any] | None:
    """The section's template and context for this viewer (`watched`: came by a private game's watch link,
    who reads, writes and polls through that link's addresses: the game's own are a 404 to them)."""
    chat = services.access(game.pk, request.user, game=game)
    newest = list(services.visible(chat, at=at).order_by("-seq")[:SHOWN])
    messages = newest[::-1]
    live = at is None
    token = watch_token(game) if watched else ""
    return {
        "template": "chat/section.html",
        "chat": chat,
        "messages": messages,
        "last": messages[-1].seq if messages else 0,
        "at": at,
        "can_post": live and chat.user is not None,
        "poll_url": (reverse("chat-watch-messages", args=[token]) if watched else reverse("chat-messages", args=[game.pk]))
        if live else "",
        "post_url": reverse("chat-watch-post", args=[token]) if watched else reverse("chat-post", args=[game.pk]),
        "back": reverse("game-watch", args=[token]) if watched else "",
        "is_host": chat.user is not None and chat.player and host_of(game) == chat.user.pk,
        "muted": services.muted_ids(chat.user),
    }
