"""What the stats app keeps beside the games' logs: only each player's choice about the open record (a missing
row: their finished, listed games are in it). The numbers and pictures themselves are folds of the logs and
kept nowhere (DESIGN.md: "never a second truth kept apart")."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class OpenRecordChoice(models.Model):
    """Whether a player's finished, listed games go into the monthly open record (`stats.open_record`)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="open_record_choice")
    included = models.BooleanField(_("put my finished games in the open record"), default=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"open record of user #{self.user_id}: {'in' if self.included else 'out'}"
