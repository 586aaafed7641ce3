"""The player's webhooks: adding one (an https URL, a format, the events, all games or one), removing one.
Bad input is a `ServiceError` and writes nothing. A URL naming an address of our own network is refused
here; a name is resolved and checked each time something is sent (`addresses`)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from core.errors import ServiceError
from games.models import Game, Seat

from . import addresses
from .models import WEBHOOK_EVENTS, Webhook


def checked_url(url: Any) -> str:
    """A webhook's URL: https, with a host that is not an address of our own network."""
    if not isinstance(url, str) or not url or len(url) > 500:
        raise ServiceError("invalid", "invalid_url", _("The webhook's URL must be an https URL of at most 500 characters."))
    try:
        target = addresses.parse(url)
    except addresses.AddressRefused as refused:
        if refused.code == "https_required":
            raise ServiceError("invalid", "https_required", _("The webhook's URL must start with https://.")) from None
        raise ServiceError("invalid", "invalid_url", _("The webhook's URL must be an https URL of at most 500 characters.")) from None
    if addresses.literal_refused(target):
        raise ServiceError("invalid", "address_not_allowed", _(
            "This address may not be reached: a private, loopback, link-local or reserved address."))
    return url


def _checked_events(events: Any) -> list[str]:
    if not isinstance(events, list) or not events or any(event not in WEBHOOK_EVENTS for event in events):
        raise ServiceError("invalid", "invalid_events", _("events lists one or more of {choices}.").format(
            choices=", ".join(WEBHOOK_EVENTS)))
    return [str(event) for event in WEBHOOK_EVENTS if event in events]


def _checked_game(user: User, game_id: Any) -> Game | None:
    """The game a webhook is for: one the player is seated in (None: all their games)."""
    if game_id is None:
        return None
    try:
        game_id = int(game_id)
    except (TypeError, ValueError):
        game_id = 0
    game = Game.objects.filter(pk=game_id).first() if 0 < game_id < 2**63 else None
    if game is None or not Seat.objects.filter(game=game, user=user).exists():
        raise ServiceError("invalid", "unknown_game", _("You play no game with this number."))
    return game


def add_webhook(user: User, url: Any, format: Any, events: Any, game: Any = None) -> Webhook:
    """Add a webhook with a new secret (shown to its owner, to check each delivery's signature)."""
    url = checked_url(url)
    if format not in Webhook.Format.values:
        raise ServiceError("invalid", "invalid_format", _("format is one of {choices}.").format(
            choices=", ".join(Webhook.Format.values)))
    chosen = _checked_events(events)
    for_game = _checked_game(user, game)
    with transaction.atomic():
        if Webhook.objects.select_for_update().filter(user=user).count() >= settings.ALERTS_MAX_WEBHOOKS:
            raise ServiceError("invalid", "too_many_webhooks", _("You have {count} webhooks, the most there may be.").format(
                count=settings.ALERTS_MAX_WEBHOOKS))
        return Webhook.objects.create(user=user, url=url, format=format, events=chosen, game=for_game,
                                      secret=secrets.token_hex(32))


def remove_webhook(user: User, webhook_id: Any) -> bool:
    """Remove one of the player's webhooks; whether there was one (its rows not yet sent are failed when
    their turn comes: the webhook is gone)."""
    try:
        pk = int(webhook_id)
    except (TypeError, ValueError):
        return False
    deleted, _kinds = Webhook.objects.filter(user=user, pk=pk).delete()
    return bool(deleted)


def webhooks(user: User) -> list[Webhook]:
    """The player's webhooks, oldest first."""
    return list(Webhook.objects.filter(user=user).select_related("game").order_by("id"))
