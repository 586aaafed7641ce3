"""Sending a webhook row (the outbox's sender for `Channel.WEBHOOK`): the notice in the webhook's format
(Discord, Slack, or JSON), signed with the webhook's secret (`X-Signature-256: sha256=<HMAC-SHA256 of the
body>`), POSTed under the address guard within one deadline for the whole delivery, one delivery to a
player's receivers at a time (`holds`: a stalled receiver rests them, so it cannot stall the senders).
A 2xx answer is delivery; 408, 429 and 5xx (and a network failure, a held receiver) are retried with the
outbox's backoff; any other answer fails the row for good.
Each row is sent by one claim and marked sent at once (the outbox's exactly-once); `X-Webhook-Delivery`
stays the same across attempts, so a receiver can drop the copy a crash between its answer and our mark
could send."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from django.utils import translation

from core.links import site_link
from notifications.delivery import Undeliverable
from notifications.models import Outbox
from notifications.rendering import Rendered

from . import addresses, holds, wording
from .models import Webhook

RETRIED = (408, 425, 429)
DISCORD_LIMIT = 2000  # characters of a Discord message
EVENT_NAMES = {"turn": "your_turn", "started": "game_started", "ended": "game_ended", "chat": "chat"}


def signature(secret: str, body: bytes) -> str:
    """The X-Signature-256 header of a body: `sha256=` and the HMAC-SHA256 of the body with the secret, hex."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def delivery_id(row: Outbox) -> str:
    """The delivery's id, the same on every attempt (the row's keyed Message-ID hash)."""
    return row.message_id.strip("<>").split("@", 1)[0]


def _slack_escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def body(hook: Webhook, row: Outbox, rendered: Rendered) -> bytes:
    """The request body in the webhook's format."""
    url = site_link("game-page", row.game_id) if row.game_id is not None else site_link("settings")
    title, text = rendered.subject, wording.short_line(row)
    data: dict[str, Any]
    if hook.format == Webhook.Format.DISCORD:
        # No mention is ever pinged: a chat message quoted in the title cannot @everyone a server.
        data = {"content": f"**{title}**\n{text}\n<{url}>"[:DISCORD_LIMIT], "allowed_mentions": {"parse": []}}
    elif hook.format == Webhook.Format.SLACK:
        data = {"text": f"*{_slack_escaped(title)}*\n{_slack_escaped(text)}\n<{url}>"}
    else:
        data = {
            "event": EVENT_NAMES.get(row.kind, row.kind), "delivery": delivery_id(row), "game": row.game_id,
            "seat": row.seat, "version": row.version, "title": title, "text": text, "url": url,
            "language": row.language, "created_at": row.created_at.isoformat(),
        }
    return json.dumps(data, ensure_ascii=False).encode()


def send(row: Outbox, rendered: Rendered) -> None:
    """Post one row to its webhook; returns once the receiver answered 2xx."""
    hook = Webhook.objects.filter(pk=row.target or 0).first()
    if hook is None:
        raise Undeliverable("the webhook was removed")
    with translation.override(row.language):
        payload = body(hook, row, rendered)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "play-by-email-webhooks",
        "X-Webhook-Event": EVENT_NAMES.get(row.kind, row.kind),
        "X-Webhook-Delivery": delivery_id(row),
        "X-Signature-256": signature(hook.secret, payload),
    }
    try:
        with holds.one_delivery(hook.user_id, addresses.delivery_seconds()):  # one at a time per player
            answer = addresses.post(hook.url, payload, headers)
    except addresses.AddressRefused as refused:
        raise Undeliverable(str(refused)) from refused
    if 200 <= answer.status < 300:
        return
    if answer.status in RETRIED or answer.status >= 500:
        raise OSError(f"the webhook answered HTTP {answer.status}")
    raise Undeliverable(f"the webhook refused the notice: HTTP {answer.status}")
