"""A player's data export: one JSON document of the account, its settings and what every app keeps of the
player (`personal_data`: the games as that player may see them, the email settings, ...), built in the
background (`tasks.build_data_export`) and mailed as a signed link that expires after
ACCOUNTS_EXPORT_LINK_MAX_AGE. Only the newest export of a player is kept, and none past its link's age."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext

from core.errors import ServiceError
from core.links import site_link

from . import mails, personal_data
from .models import DataExport, User

_EXPORT_SALT = "accounts.data-export"
FORMAT_VERSION = 1
# The rate scope of asking for an export, counted per account by the API and the settings page's form alike.
THROTTLE_SCOPE = "data_export"


def account_data(user: User) -> dict[str, Any]:
    """accounts' own part of the export: the account and its profile settings."""
    return {
        "id": user.pk,
        "email": user.email,
        "display_name": user.display_name,
        "language": user.language,
        "time_zone": user.time_zone,
        "date_joined": user.date_joined.isoformat(),
        "email_verified_at": user.email_verified_at.isoformat() if user.email_verified_at else None,
        "last_login": user.last_login.isoformat() if user.last_login else None,
    }


def build_export(user_id: int, occasion: str = "") -> DataExport | None:
    """Build the export of this account, keep it in place of older ones and mail its link (None: the
    account is gone or inactive). `occasion`: the task's id, so that a task run twice mails once."""
    with transaction.atomic():
        user = User.objects.filter(pk=user_id, is_active=True, deleted_at__isnull=True).first()
        if user is None:
            return None
        content = {
            "format": FORMAT_VERSION,
            "exported_at": timezone.now().isoformat(),
            "account": account_data(user),
            **personal_data.export_everywhere(user),
        }
        DataExport.objects.filter(user=user).delete()
        export = DataExport.objects.create(user=user, content=content)
        mails.send_account_mail(user, mails.DATA_EXPORT, occasion)
    return export


def export_link(user: User) -> str:
    """The signed link to the newest export of this user (made when the mail is rendered)."""
    export = DataExport.objects.filter(user=user).order_by("-id").first()
    token = signing.dumps({"u": user.pk, "x": export.pk if export else None, "s": user.sign_in_epoch()},
                          salt=_EXPORT_SALT)
    return site_link("accounts:export-download", token)


def export_by_token(token: str, reader: User) -> DataExport:
    """The export a link names, for the signed-in `reader`: if the link is genuine and unexpired, made
    within the owner's present sign-ins (a new password or a deactivation since ends it), the export still
    kept, and `reader` its owner (to anyone else the link names nothing: `not_found`)."""
    try:
        payload = signing.loads(token, salt=_EXPORT_SALT, max_age=settings.ACCOUNTS_EXPORT_LINK_MAX_AGE)
    except signing.SignatureExpired as exc:
        raise ServiceError("invalid", "link_expired", gettext(
            "This link has expired. Ask for a new export in your settings.")) from exc
    except signing.BadSignature as exc:
        raise ServiceError("invalid", "invalid_link", gettext("This link is not valid.")) from exc
    if payload.get("u") != reader.pk:
        raise ServiceError("not_found", "invalid_link", gettext("This link is not valid."))
    if not constant_time_compare(str(payload.get("s", "")), reader.sign_in_epoch()):
        raise ServiceError("invalid", "invalid_link", gettext("This link is not valid."))
    export = DataExport.objects.filter(pk=payload.get("x"), user_id=reader.pk, user__deleted_at__isnull=True).first()
    if export is None:
        raise ServiceError("invalid", "invalid_link", gettext(
            "This export is no longer kept. Ask for a new one in your settings."))
    return export


def remove_old_exports() -> int:
    """Delete the exports whose links have expired; the number deleted."""
    cutoff = timezone.now() - timedelta(seconds=settings.ACCOUNTS_EXPORT_LINK_MAX_AGE)
    deleted, _ = DataExport.objects.filter(created_at__lt=cutoff).delete()
    return deleted
