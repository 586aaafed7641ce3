"""Which of a player's channels besides email are set up, kept on their notification preferences
(`notifications.models.Preference.channels`).

The outbox loads a player's preferences with the player for every notice it writes; with the channels
there, `notices.rows_for` asks the database about subscribed browsers and webhooks only for a player who
has one. The model signals keep the list: every way a subscription or a webhook is added or removed passes
there (the API, the admin, the push sender dropping a browser that is gone, an account's deletion). The list
only spares lookups: a channel listed that the player no longer has (a browser subscribed again under
another account) costs one lookup that finds nothing.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save

from notifications.models import Channel, Preference

from .models import PushSubscription, Webhook

_MODELS = ((Channel.PUSH, PushSubscription), (Channel.WEBHOOK, Webhook))


def set_up(user_id: int) -> list[str]:
    """The channels besides email the player has now, in the order of `Channel`."""
    return [str(channel) for channel, model in _MODELS if model.objects.filter(user_id=user_id).exists()]


def _added(sender: Any, instance: PushSubscription | Webhook, **_: Any) -> None:
    Preference.objects.update_or_create(user_id=instance.user_id, defaults={"channels": set_up(instance.user_id)})


def _removed(sender: Any, instance: PushSubscription | Webhook, **_: Any) -> None:
    # Only an existing row is changed: an account being deleted loses its preferences in the same
    # deletion, and a row made for it now would point at a user that is gone.
    Preference.objects.filter(user_id=instance.user_id).update(channels=set_up(instance.user_id))


def connect() -> None:
    """Keep `Preference.channels` whenever a subscription or a webhook is saved or deleted (the app's `ready`)."""
    for _channel, model in _MODELS:
        post_save.connect(_added, sender=model, dispatch_uid=f"alerts.channels.added.{model.__name__}")
        post_delete.connect(_removed, sender=model, dispatch_uid=f"alerts.channels.removed.{model.__name__}")
