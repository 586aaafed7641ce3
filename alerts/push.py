"""The player's browser push: subscribing a browser (the Push API's subscription: endpoint and keys),
removing one, and choosing which kinds of notice are pushed. Bad input is a `ServiceError` and writes
nothing."""

from __future__ import annotations

from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from core.errors import ServiceError

from . import addresses
from .models import PUSH_KINDS, PushSettings, PushSubscription, default_push_kinds
from .vapid import b64url_decode


def push_kinds(user: User) -> list[str]:
    """The kinds of notice pushed to the player's browsers."""
    found = PushSettings.objects.filter(user=user).values_list("kinds", flat=True).first()
    return list(found) if found is not None else default_push_kinds()


def set_push_kinds(user: User, kinds: Any) -> list[str]:
    """Choose the kinds pushed (a list among `PUSH_KINDS`)."""
    if not isinstance(kinds, list) or any(kind not in PUSH_KINDS for kind in kinds):
        raise ServiceError("invalid", "invalid_kinds", _("kinds lists kinds of notice among {choices}.").format(
            choices=", ".join(PUSH_KINDS)))
    chosen = [str(kind) for kind in PUSH_KINDS if kind in kinds]
    PushSettings.objects.update_or_create(user=user, defaults={"kinds": chosen})
    return chosen


def _checked_endpoint(endpoint: Any) -> str:
    """A push service's URL: https, on a host that is not an address of our own network."""
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > 1000:
        raise ServiceError("invalid", "invalid_endpoint", _("The push endpoint must be an https URL."))
    try:
        target = addresses.parse(endpoint)
    except addresses.AddressRefused:
        raise ServiceError("invalid", "invalid_endpoint", _("The push endpoint must be an https URL.")) from None
    if addresses.literal_refused(target):
        raise ServiceError("invalid", "address_not_allowed", _("This address may not be reached."))
    return endpoint


def _checked_keys(p256dh: Any, auth: Any) -> tuple[str, str]:
    """The browser's keys: a P-256 public point (65 bytes) and a 16-byte secret, both base64url."""
    try:
        if not isinstance(p256dh, str) or not isinstance(auth, str) or len(p256dh) > 120 or len(auth) > 60:
            raise ValueError("not text")
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(p256dh))
        if len(b64url_decode(auth)) != 16:
            raise ValueError("auth is not 16 bytes")
    except ValueError:
        raise ServiceError("invalid", "invalid_keys", _(
            "The subscription's keys must be a P-256 public key (p256dh) and a 16-byte secret (auth), base64url."
        )) from None
    return p256dh.rstrip("="), auth.rstrip("=")


def subscribe(user: User, endpoint: Any, keys: Any, user_agent: str = "") -> PushSubscription:
    """Subscribe a browser (again: its keys are renewed; by another account: it is now this player's)."""
    endpoint = _checked_endpoint(endpoint)
    keys = keys if isinstance(keys, dict) else {}
    p256dh, auth = _checked_keys(keys.get("p256dh"), keys.get("auth"))
    with transaction.atomic():
        others = PushSubscription.objects.filter(user=user).exclude(endpoint=endpoint)
        if others.count() >= settings.ALERTS_MAX_PUSH_SUBSCRIPTIONS:
            raise ServiceError("invalid", "too_many_subscriptions", _(
                "You have {count} browsers subscribed, the most there may be. Remove one first.").format(
                count=settings.ALERTS_MAX_PUSH_SUBSCRIPTIONS))
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth,
                                         "user_agent": user_agent[:200]})
    return subscription


def unsubscribe(user: User, subscription_id: Any = None, endpoint: Any = None) -> bool:
    """Remove one of the player's browsers (by id or endpoint); whether there was one."""
    mine = PushSubscription.objects.filter(user=user)
    if endpoint is not None:
        mine = mine.filter(endpoint=str(endpoint))
    else:
        try:
            mine = mine.filter(pk=int(subscription_id))
        except (TypeError, ValueError):
            return False
    deleted, _kinds = mine.delete()
    return bool(deleted)


def subscriptions(user: User) -> list[PushSubscription]:
    """The player's subscribed browsers, oldest first."""
    return list(PushSubscription.objects.filter(user=user).order_by("id"))
