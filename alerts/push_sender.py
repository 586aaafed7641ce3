"""Sending a push row (the outbox's sender for `Channel.PUSH`): the notice as JSON, encrypted for the
browser's keys as RFC 8291 says (aes128gcm, RFC 8188, through pywebpush), signed with VAPID (RFC 8292),
POSTed to the subscription's push service under the address guard. A 404 or 410 answer means the
subscription expired: it is removed and the row failed for good; 429 and 5xx are retried with backoff."""

from __future__ import annotations

import json
import time
from typing import Any

from django.conf import settings
from pywebpush import WebPusher

from notifications.delivery import Undeliverable
from notifications.models import Outbox
from notifications.rendering import Rendered

from . import addresses, holds, vapid, wording
from .models import PushSubscription

MAX_PAYLOAD_BYTES = 3000  # push services take 4096 bytes of encrypted record; the rest is overhead and room
GONE = (404, 410)
PERMANENT = (400, 401, 403, 413)  # our request is wrong for this service: retrying would not help


def payload(row: Outbox, rendered: Rendered) -> bytes:
    """What the service worker shows: title, body, the page it opens (a path of this site) and a tag per
    game and kind (a newer notice of the same replaces the older)."""
    data: dict[str, Any] = {
        "title": rendered.subject[:200], "body": wording.short_line(row), "url": wording.page_path(row),
        "tag": f"{row.kind}:{row.game_id or 0}", "kind": row.kind, "game": row.game_id,
    }
    encoded = json.dumps(data, ensure_ascii=False).encode()
    if len(encoded) > MAX_PAYLOAD_BYTES:
        data["title"] = data["title"][:80]
        encoded = json.dumps(data, ensure_ascii=False).encode()
    return encoded


def encrypted(subscription: PushSubscription, data: bytes) -> bytes:
    """`data` encrypted for this browser alone (a fresh ephemeral key and salt each time)."""
    pusher = WebPusher({"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh,
                                                                    "auth": subscription.auth}})
    return bytes(pusher.encode(data, content_encoding="aes128gcm")["body"])


def send(row: Outbox, rendered: Rendered) -> None:
    """Push one row to its subscription; returns once the push service accepted it (201)."""
    subscription = PushSubscription.objects.filter(pk=row.target or 0).first()
    if subscription is None:
        raise Undeliverable("the push subscription was removed")
    target = addresses.parse(subscription.endpoint)
    headers = {
        "Content-Type": "application/octet-stream",
        "Content-Encoding": "aes128gcm",
        "TTL": str(settings.ALERTS_PUSH_TTL_SECONDS),
        "Urgency": "high" if row.kind in ("turn", "reminder") else "normal",
        "Topic": f"{row.kind}-{row.game_id or 0}"[:32],
        "Authorization": vapid.authorization(target.origin, int(time.time()) + 12 * 3600),
    }
    try:
        with holds.one_delivery(subscription.user_id, addresses.delivery_seconds()):  # the player names the endpoint
            answer = addresses.post(subscription.endpoint, encrypted(subscription, payload(row, rendered)), headers)
    except addresses.AddressRefused as refused:
        raise Undeliverable(str(refused)) from refused
    if answer.status in GONE:
        PushSubscription.objects.filter(pk=subscription.pk).delete()
        raise Undeliverable(f"the push subscription expired (HTTP {answer.status}); it was removed")
    if answer.status in PERMANENT:
        raise Undeliverable(f"the push service refused the notice: HTTP {answer.status}")
    if not 200 <= answer.status < 300:
        raise OSError(f"the push service answered HTTP {answer.status}")
