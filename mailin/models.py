"""Every mail that came in: the key that makes a second delivery of the same message a no-op, and the
record the hourly budgets count (a player's by the user it matched, a stranger's by the player its reply
address names)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class InboundMail(models.Model):
    """One received message (by its Message-ID) and what became of it."""

    message_key = models.CharField(max_length=40, unique=True)  # parse.message_key
    sender = models.CharField(max_length=254, db_index=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.SET_NULL, null=True, related_name="+")
    # The player the reply address names (its token's user): a stranger's mail counts on that player's
    # strangers' budget. A number, not a foreign key: a signed address may outlive its user.
    addressee_id = models.BigIntegerField(null=True)
    outcome = models.CharField(max_length=32, default="received")
    detail = models.TextField(blank=True, default="")
    received_at = models.DateTimeField(auto_now_add=True, db_index=True)
    done = models.BooleanField(default=False)

    class Meta:
        indexes = [
            models.Index(fields=["sender", "received_at"], name="inbound_sender_time_idx"),
            models.Index(fields=["addressee_id", "received_at"], name="inbound_addressee_time_idx"),
        ]

    def __str__(self) -> str:
        return f"mail from {self.sender}: {self.outcome}"
