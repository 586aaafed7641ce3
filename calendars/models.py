"""A player's calendar feed: the random key behind its secret address, and what it last served.

The address carries the key signed with the site's SECRET_KEY (`calendars.tokens`), so the key in this
row alone makes no working address, and the settings page can show the link again at any time. A new key
(`services.renew`) makes every earlier address fail at once; no row means no feed.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class CalendarFeed(models.Model):
    """One player's feed (at most one: renewing it replaces its key)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed")
    key = models.CharField(max_length=43, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # What the feed last served (a hash of its events, without the time of serving) and since when: the
    # ETag and the Last-Modified of its answers, so a calendar app that polls gets a 304 while nothing changed.
    fingerprint = models.CharField(max_length=64, blank=True, default="", editable=False)
    changed_at = models.DateTimeField(null=True, blank=True, editable=False)
    last_served_at = models.DateTimeField(null=True, blank=True, editable=False)

    def __str__(self) -> str:
        return f"calendar feed of user {self.user_id}"
