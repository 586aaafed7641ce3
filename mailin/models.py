"""Every mail that came in: the key that makes a second delivery of the same message a no-op, and the
record the hourly budgets count (a player's by the user it matched, a stranger's by its sender)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class InboundMail(models.Model):
    """One received message (by its Message-ID) and what became of it."""

    message_key = models.CharField(max_length=40, unique=True)  # parse.message_key
    sender = models.CharField(max_length=254, db_index=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.SET_NULL, null=True, related_name="+")
    outcome = models.CharField(max_length=32, default="received")
    detail = models.TextField(blank=True, default="")
    received_at = models.DateTimeField(auto_now_add=True, db_index=True)
    done = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["sender", "received_at"], name="inbound_sender_time_idx")]

    def __str__(self) -> str:
        return f"mail from {self.sender}: {self.outcome}"
