"""A player's browser push subscriptions, which kinds of notice they want pushed, and their webhooks."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from notifications.models import Kind

# The notices a browser push may tell, in the order the settings list them (a digest or the answer to an
# emailed reply is mail by nature), and those pushed until the player chooses.
PUSH_KINDS = [Kind.TURN, Kind.REMINDER, Kind.TIMEOUT, Kind.STARTED, Kind.ENDED, Kind.TAKEBACK, Kind.CHAT, Kind.TABLE]
DEFAULT_PUSH_KINDS = [Kind.TURN, Kind.REMINDER, Kind.TIMEOUT, Kind.STARTED, Kind.ENDED, Kind.TAKEBACK]
# The events a webhook may be told ("your turn" is the turn notice).
WEBHOOK_EVENTS = [Kind.TURN, Kind.STARTED, Kind.ENDED, Kind.CHAT]


def default_push_kinds() -> list[str]:
    """The kinds pushed to a player who never chose (a callable: each row its own list)."""
    return [str(kind) for kind in DEFAULT_PUSH_KINDS]


class PushSubscription(models.Model):
    """One browser's push subscription (the `PushSubscription` of the Push API): where its push service takes
    notices for it, and the keys that encrypt them for that browser alone."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # Unique: a browser subscribed again (or by another account) is the same subscription.
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=120)  # the browser's P-256 public key, base64url
    auth = models.CharField(max_length=60)  # the browser's 16-byte authentication secret, base64url
    user_agent = models.CharField(max_length=200, blank=True, default="")  # to tell the player's browsers apart
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"push subscription #{self.pk} of {self.user_id}"


class PushSettings(models.Model):
    """Which kinds of notice the player wants pushed to their browsers (beside whatever they get by email)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_settings")
    kinds = models.JSONField(default=default_push_kinds, blank=True)

    def __str__(self) -> str:
        return f"push settings of {self.user_id}: {','.join(self.kinds)}"


class Webhook(models.Model):
    """A player's webhook: the address told of their notices (all their games', or one game's), and how."""

    class Format(models.TextChoices):
        DISCORD = "discord", _("Discord")
        SLACK = "slack", _("Slack")
        JSON = "json", _("JSON, signed (HMAC-SHA256)")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+", null=True, blank=True)
    url = models.URLField(max_length=500)
    format = models.CharField(max_length=8, choices=Format.choices, default=Format.JSON)
    events = models.JSONField(default=list)  # among WEBHOOK_EVENTS
    # The key of each delivery's X-Signature-256 (HMAC-SHA256 of the body): shown to its owner only.
    secret = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"webhook #{self.pk} of {self.user_id} ({self.format})"


class ReceiverHold(models.Model):
    """Until when a player's receivers (their webhooks and push endpoints) take no delivery (`alerts.holds`):
    while one delivery to them is in flight (its budget), and for a pause after one stalled."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="+")
    until = models.DateTimeField()

    def __str__(self) -> str:
        return f"receivers of {self.user_id} held until {self.until:%Y-%m-%d %H:%M:%S}"
