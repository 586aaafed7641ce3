"""The alerts app's share of a person's data (registered with `accounts.personal_data` in the app's ready):
their push subscriptions (each names a browser's push address), their push settings and their webhooks
(erased with the account; exported without the browsers' keys)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from accounts.personal_data import PersonalDataPart

from .models import PushSettings, PushSubscription, ReceiverHold, Webhook

if TYPE_CHECKING:
    from accounts.models import User


def erase(user: User) -> None:
    """Delete the person's push subscriptions, push settings, webhooks and their receivers' hold (their
    outbox rows go with the notifications app's part)."""
    PushSubscription.objects.filter(user=user).delete()
    PushSettings.objects.filter(user=user).delete()
    Webhook.objects.filter(user=user).delete()
    ReceiverHold.objects.filter(user=user).delete()


def export(user: User) -> dict[str, Any]:
    """The person's browsers (push addresses), the kinds pushed and their webhooks."""
    settings_row = PushSettings.objects.filter(user=user).first()
    return {
        "push_subscriptions": [
            {"endpoint": s.endpoint, "user_agent": s.user_agent, "created_at": s.created_at.isoformat()}
            for s in PushSubscription.objects.filter(user=user).order_by("id")
        ],
        "push_kinds": settings_row.kinds if settings_row else None,
        "webhooks": [
            {"url": h.url, "format": h.format, "events": h.events, "game": h.game_id, "created_at": h.created_at.isoformat()}
            for h in Webhook.objects.filter(user=user).order_by("id")
        ],
    }


PART = PersonalDataPart(name="alerts", erase=erase, export=export)
