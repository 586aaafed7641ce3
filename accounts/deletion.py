"""Deleting an account: asked for with the password, confirmed by a signed link mailed to the address
(it expires after ACCOUNTS_DELETE_LINK_MAX_AGE), then carried out in one transaction.

What the person left behind is erased by each app that keeps it (`personal_data`: the games give up their
open seats and have the bot play their running ones, the outbox and preferences go, ...), and by accounts
itself: API tokens, sessions, data exports. The account row is then deleted when nothing refers to it;
when the games' append-only logs do (a seat, a command, an event), it stays as an empty shell: a neutral
name ("Former player 12"), an address that cannot receive mail, no password, inactive, so that the other
players' games still replay and show a name for the seat.

Unverified accounts nobody used for ACCOUNTS_UNVERIFIED_DAYS are removed the same way
(`remove_inactive_unverified`, a periodic task).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.models import Session
from django.core import signing
from django.db import transaction
from django.db.models import ProtectedError, Q
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from core.errors import ServiceError
from core.links import site_link

from . import mails, personal_data
from .models import DataExport, User, former_player_name

_DELETE_SALT = "accounts.delete-account"
# The address of an emptied account: the reserved top-level domain `.invalid` (RFC 2606) receives no mail.
DELETED_EMAIL = "former-player-{pk}@deleted.invalid"
NEUTRAL_NAME = "Former player {pk}"


def deletion_link(user: User) -> str:
    """The signed link that confirms the deletion of this account (made when the mail is rendered)."""
    token = signing.dumps({"u": user.pk, "e": user.email, "s": user.sign_in_epoch()}, salt=_DELETE_SALT)
    return site_link("accounts:delete-confirm", token)


def request_deletion(user: User, password: str) -> None:
    """Mail the link that deletes the account, once the password is right; nothing changes otherwise."""
    if user.deleted_at is not None or not user.is_active:
        raise ServiceError("forbidden", "account_inactive", gettext("This account is not active."))
    if not password or not user.check_password(password):
        raise ServiceError("invalid", "wrong_password", gettext("The password is wrong: nothing was deleted."))
    mails.send_account_mail(user, mails.DELETE_ACCOUNT)


def account_to_delete(token: str) -> User:
    """The account a deletion link names, if the link is genuine, unexpired and its account unchanged: the
    same address, and the same sign-ins (a new password or a deactivation since the link ends it)."""
    try:
        payload = signing.loads(token, salt=_DELETE_SALT, max_age=settings.ACCOUNTS_DELETE_LINK_MAX_AGE)
    except signing.SignatureExpired as exc:
        raise ServiceError("invalid", "link_expired", gettext(
            "This link has expired: nothing was deleted. Ask for a new one in your settings.")) from exc
    except signing.BadSignature as exc:
        raise ServiceError("invalid", "invalid_link", gettext("This link is not valid: nothing was deleted.")) from exc
    user = User.objects.filter(pk=payload.get("u"), email=payload.get("e"), deleted_at__isnull=True).first()
    if user is None or not constant_time_compare(str(payload.get("s", "")), user.sign_in_epoch()):
        raise ServiceError("invalid", "invalid_link", gettext("This link is not valid: nothing was deleted."))
    return user


def delete_account(token: str) -> int:
    """Carry out the deletion a link confirms; the id the account had."""
    user = account_to_delete(token)
    pk = user.pk
    erase_account(user)
    return pk


def erase_account(user: User) -> None:
    """Erase everything personal of this account, everywhere, in one transaction (see the module's text)."""
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        personal_data.erase_everywhere(locked)
        _erase_sign_ins_and_exports(locked)
        try:
            with transaction.atomic():
                User.objects.filter(pk=locked.pk).delete()
        except ProtectedError:
            _empty_row(locked)


def _erase_sign_ins_and_exports(user: User) -> None:
    """accounts' own part: API tokens, sessions, exports (the person's, and their name in the other players'),
    and what the admin's log says of the account and its tokens."""
    keys = list(Token.objects.filter(user=user).values_list("key", flat=True))
    Token.objects.filter(user=user).delete()
    DataExport.objects.filter(user=user).delete()
    _rename_in_others_exports(user)
    # The account's sessions by their index (`SessionOwner`, filed by accounts.sessions, which goes with
    # them); the expired ones (of anybody: they sign nobody in) too, as `clearsessions` would remove them.
    Session.objects.filter(Q(owner__user=user) | Q(expire_date__lte=timezone.now())).delete()
    _erase_from_admin_log(user, keys)


def _rename_in_others_exports(user: User) -> None:
    """The other players' kept exports name the person where they shared a game (its seats, its chat): the
    former player's name stands there instead, in the export's owner's language (its link stays valid)."""
    traces = personal_data.Traces.of(user)
    in_words = {part.name for part in personal_data.parts if part.export_in_words}
    for export in DataExport.objects.select_related("user").iterator():
        with translation.override(export.user.language or None):
            neutral = former_player_name(user.pk)
        content = {key: traces.replaced(value, neutral, in_words=key in in_words)
                   for key, value in export.content.items()}
        if content != export.content:
            DataExport.objects.filter(pk=export.pk).update(content=content)


def _erase_from_admin_log(user: User, token_keys: list[str]) -> None:
    """The admin's log entries of the account say "Former player N"; those of its API tokens (a token's key
    is its id and its name) go; any other entry that names the person's address or name is emptied."""
    LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(User), object_id=str(user.pk)).update(
        object_repr=NEUTRAL_NAME.format(pk=user.pk), change_message="")
    LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Token), object_id__in=token_keys).delete()
    traces = personal_data.Traces.of(user)
    naming = Q(object_repr__icontains=user.email) | Q(change_message__icontains=user.email)
    if user.display_name:
        naming |= Q(object_repr__icontains=user.display_name) | Q(change_message__icontains=user.display_name)
    for entry in LogEntry.objects.filter(naming).only("pk", "object_repr", "change_message"):
        if traces.in_text(entry.object_repr) or traces.in_text(entry.change_message):
            LogEntry.objects.filter(pk=entry.pk).update(
                object_repr=traces.replaced(entry.object_repr, NEUTRAL_NAME.format(pk=user.pk), in_words=True),
                change_message="")


def _empty_row(user: User) -> None:
    """Keep the row the games' logs point at, with nothing personal left in it."""
    user.email = DELETED_EMAIL.format(pk=user.pk)
    user.display_name = NEUTRAL_NAME.format(pk=user.pk)
    user.set_unusable_password()
    user.is_active = False
    user.is_staff = user.is_superuser = False
    user.language, user.time_zone = User.Language.ENGLISH, "UTC"
    user.email_verified_at = user.email_bounced_at = user.last_login = None
    user.deleted_at = timezone.now()
    user.save()  # a saved deactivation ends the sign-ins for good (accounts.signals)
    user.groups.clear()
    user.user_permissions.clear()


def unverified_cutoff(now: datetime | None = None) -> datetime:
    """Unverified accounts joined and unused since before this moment are removed."""
    return (now or timezone.now()) - timedelta(days=settings.ACCOUNTS_UNVERIFIED_DAYS)


def remove_inactive_unverified(now: datetime | None = None) -> int:
    """Remove every account whose address was never confirmed and that nobody used for
    ACCOUNTS_UNVERIFIED_DAYS (not signed in, no move of its own, as far as the apps tell); the number removed."""
    cutoff = unverified_cutoff(now)
    candidates = User.objects.filter(
        Q(last_login__isnull=True) | Q(last_login__lt=cutoff),
        email_verified_at__isnull=True, deleted_at__isnull=True, is_staff=False, date_joined__lt=cutoff,
    ).exclude(pk__in=personal_data.active_since(cutoff))
    removed = 0
    for user in candidates.iterator():
        erase_account(user)
        removed += 1
    return removed
