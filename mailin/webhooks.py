"""The provider's webhooks through django-anymail: inbound mail plays like a piped message; a tracking
event of a hard bounce of a mail of ours marks the address undeliverable. Anymail checks the provider's
signature; the URLs exist only where its key is set (`providers`)."""

from __future__ import annotations

import logging
from typing import Any

from anymail.signals import AnymailInboundEvent, AnymailTrackingEvent, EventType, inbound, tracking

from . import bounces, services

log = logging.getLogger(__name__)


def on_inbound(sender: Any, event: AnymailInboundEvent, esp_name: str, **kwargs: Any) -> None:
    """An inbound mail from a provider: the same path as `manage.py receive_mail`."""
    message = event.message
    if message is None:
        return
    outcome = services.receive(message.as_bytes(), recipient=getattr(message, "envelope_recipient", None))
    log.info("inbound mail through %s: %s %s", esp_name, outcome.status, outcome.detail)


def on_tracking(sender: Any, event: AnymailTrackingEvent, esp_name: str, **kwargs: Any) -> None:
    """A provider's delivery event: a hard bounce (or a permanent rejection) of a mail we sent stops mail to
    that address; the event must name that mail's Message-ID, keyed with the server's secret, as a piped
    report must (`bounces.handle_bounce`)."""
    if event.event_type in (EventType.BOUNCED, EventType.REJECTED) and event.recipient:
        reason = event.description or event.mta_response or str(event.event_type)
        bounces.handle_bounce(event.recipient, event.message_id, f"{esp_name}: {reason}")


def connect() -> None:
    """Subscribe to anymail's signals (from the app's ready())."""
    inbound.connect(on_inbound, dispatch_uid="mailin.inbound")
    tracking.connect(on_tracking, dispatch_uid="mailin.tracking")
