"""The feed's service: make, renew and end a player's feed; find the feed of an address and what it serves.

A person's own account only: a bot's account (it plays no deadline of its own) and a deleted or
deactivated one have no feed, and an address of theirs answers as an unknown one does.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from accounts.models import User
from core.errors import ServiceError
from core.links import site_link

from . import feed, sources, tokens
from .models import CalendarFeed

KEY_BYTES = 16  # 128 random bits, and the address is signed besides
# The settings page says when a calendar app last fetched the feed, to this precision (a poll writes at
# most once in this time).
SERVED_PRECISION = timedelta(minutes=10)


def feed_of(user: User) -> CalendarFeed | None:
    """The player's feed, if they made one."""
    return CalendarFeed.objects.filter(user=user).first()


def feed_url(calendar_feed: CalendarFeed) -> str:
    """The feed's public address (SITE_URL), for a calendar app to subscribe to."""
    return site_link("calendar-feed", tokens.token_for(calendar_feed.user_id, calendar_feed.key))


def webcal_url(calendar_feed: CalendarFeed) -> str:
    """The same address as a webcal: link, which opens the subscription in the device's calendar app."""
    return "webcal://" + feed_url(calendar_feed).split("://", 1)[1]


def renew(user: User) -> CalendarFeed:
    """Make the player's feed, or give it a new address: every earlier one answers 404 from now on."""
    if not _may_have_a_feed(user):
        raise ServiceError("forbidden", "no_calendar_feed", _("This account cannot have a calendar feed."))
    with transaction.atomic():
        found, created = CalendarFeed.objects.select_for_update().get_or_create(
            user=user, defaults={"key": _new_key()})
        if not created:
            found.key = _new_key()
            found.created_at = timezone.now()
            found.fingerprint, found.changed_at, found.last_served_at = "", None, None
            found.save()
    return found


def end(user: User) -> bool:
    """End the player's feed (its address answers 404); whether there was one."""
    deleted, _by_model = CalendarFeed.objects.filter(user=user).delete()
    return deleted > 0


def feed_of_token(token: str) -> CalendarFeed | None:
    """The feed this address names, or None: a token the site did not sign, a key renewed since, an account
    deleted, deactivated or a bot's."""
    read = tokens.read_token(token)
    if read is None:
        return None
    user_id, key = read
    found = CalendarFeed.objects.select_related("user").filter(user_id=user_id).first()
    if found is None or not constant_time_compare(found.key, key) or not _may_have_a_feed(found.user):
        return None
    return found


@dataclass(frozen=True)
class Served:
    """A feed's text and what a conditional GET compares: its ETag and the moment it last changed."""

    text: bytes
    etag: str
    changed_at: datetime
    language: str  # the player's, which the text is in


def serve(calendar_feed: CalendarFeed) -> Served:
    """The feed's text now, in its player's language. When what it says differs from what it last said,
    it is stamped with this moment (its events' DTSTAMP, the answer's Last-Modified)."""
    user = calendar_feed.user
    now = timezone.now().replace(microsecond=0)
    with translation.override(user.language):
        deadlines = sources.deadlines_of(user)
        said = feed.fingerprint(deadlines, user.language)
        changes: dict[str, object] = {}
        if said != calendar_feed.fingerprint or calendar_feed.changed_at is None:
            changes.update(fingerprint=said, changed_at=now)
        if calendar_feed.last_served_at is None or now - calendar_feed.last_served_at >= SERVED_PRECISION:
            changes.update(last_served_at=now)
        if changes:  # one short UPDATE, and none on most polls
            CalendarFeed.objects.filter(pk=calendar_feed.pk).update(**changes)
            for name, value in changes.items():
                setattr(calendar_feed, name, value)
        assert calendar_feed.changed_at is not None  # (set just above when it was not)
        text = feed.calendar_text(deadlines, calendar_feed.changed_at)
    return Served(text=text, etag=f'"{said[:32]}"', changed_at=calendar_feed.changed_at, language=user.language)


def _may_have_a_feed(user: User) -> bool:
    return user.is_active and user.deleted_at is None and not user.is_bot


def _new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)

