"""Account services: the only code that creates users, verifies addresses, resets passwords, issues tokens.

Registration and password reset answer the same whatever the address: whether an account exists is told
only to the mailbox that owns the address (no user enumeration).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate, password_validation
from django.contrib.auth.hashers import make_password
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from core.errors import ServiceError
from core.links import site_link

from . import mails
from .models import User, normalize_email, validate_display_name, validate_time_zone
from .tasks import build_data_export, send_password_reset

_VERIFY_SALT = "accounts.verify-email"


def _validate_password(password: str, user: User | None = None) -> None:
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise ServiceError("invalid", "weak_password", " ".join(exc.messages)) from exc


def _validate_profile(fields: dict[str, Any]) -> None:
    if "display_name" in fields:
        name = fields["display_name"].strip() if isinstance(fields["display_name"], str) else fields["display_name"]
        try:
            validate_display_name(name)
        except ValidationError as exc:
            raise ServiceError("invalid", "invalid_display_name", " ".join(exc.messages)) from exc
        fields["display_name"] = name
    if "language" in fields and fields["language"] not in User.Language.values:
        raise ServiceError("invalid", "invalid_language", gettext("The language is 'en' or 'de'."))
    if "time_zone" in fields:
        try:
            validate_time_zone(fields["time_zone"])
        except ValidationError as exc:
            raise ServiceError("invalid", "invalid_time_zone", " ".join(exc.messages)) from exc


def verification_link(user: User, email: str | None = None) -> str:
    """The signed link that confirms `email` (by default the user's current address) for this user."""
    token = signing.dumps({"u": user.pk, "e": user.email if email is None else email}, salt=_VERIFY_SALT)
    return site_link("accounts:verify", token)


def password_reset_link(user: User) -> str:
    """The link to the web page where the user picks a new password."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return site_link("accounts:password_reset_confirm", uid, token)


def register(
    email: str, password: str, display_name: str, language: str = "en", time_zone: str = "UTC"
) -> User | None:
    """Create an account and mail a verification link; the account can play at once.

    If the address already has an account, nothing is created and its owner is told by email instead.
    Returns the new user, or None when the address was taken: callers must answer both cases the same.
    """
    fields: dict[str, Any] = {"display_name": display_name, "language": language, "time_zone": time_zone}
    _validate_profile(fields)
    email = normalize_email(email)
    _validate_password(password, User(email=email, display_name=fields["display_name"]))
    existing = User.objects.filter(email=email).first()
    if existing is not None:
        make_password(password)  # the same work as a real sign-up, so the answer takes as long
        mails.send_account_mail(existing, mails.SIGNUP_ATTEMPT)
        return None
    try:
        with transaction.atomic():
            user = User.objects.create_user(email=email, password=password, **fields)
    except IntegrityError:
        return None  # a concurrent registration of the same address won
    mails.send_account_mail(user, mails.VERIFY)
    return user


def verify_email(token: str) -> User:
    """Confirm an address from the signed link; refuses stale, forged or outdated links."""
    try:
        payload = signing.loads(token, salt=_VERIFY_SALT, max_age=settings.ACCOUNTS_VERIFY_MAX_AGE)
    except signing.SignatureExpired as exc:
        raise ServiceError("invalid", "link_expired", gettext("This link has expired; ask for a new one.")) from exc
    except signing.BadSignature as exc:
        raise ServiceError("invalid", "invalid_link", gettext("This link is not valid.")) from exc
    user = User.objects.filter(pk=payload.get("u"), email=payload.get("e")).first()
    if user is None:
        raise ServiceError("invalid", "invalid_link", gettext("This link is not valid."))
    if user.email_verified_at is None or user.email_bounced_at is not None:
        user.email_verified_at = timezone.now()
        user.email_bounced_at = None  # the link reached the mailbox: it takes mail again
        user.save(update_fields=["email_verified_at", "email_bounced_at"])
    return user


def resend_verification(user: User) -> None:
    """Mail a fresh verification link to a user whose address is not yet confirmed."""
    if user.email_verified_at is None:
        mails.send_account_mail(user, mails.VERIFY)


def request_password_reset(email: str) -> None:
    """Have a reset link mailed if the address has an active account; silent otherwise (no enumeration).

    With ACCOUNTS_ASYNC_MAIL the request does the same for every address: it publishes one task with the
    address (once the request's transaction, if any, commits) and the worker looks the address up
    (`mails.mail_password_reset`). Whether an account exists then changes neither the answer nor its timing."""
    email = normalize_email(email)
    if settings.ACCOUNTS_ASYNC_MAIL:
        transaction.on_commit(lambda: send_password_reset.delay(email))
    else:
        mails.mail_password_reset(email)


def confirm_password_reset(uidb64: str, token: str, new_password: str) -> User:
    """Set a new password from a reset link's uid and token; every API token and session of the account
    ends (accounts.signals, as for the site's reset page)."""
    try:
        pk = int(urlsafe_base64_decode(uidb64).decode())
    except (ValueError, TypeError, UnicodeDecodeError) as exc:
        raise ServiceError("invalid", "invalid_link", gettext("This link is not valid.")) from exc
    user = User.objects.filter(pk=pk, is_active=True).first()
    if user is None or not default_token_generator.check_token(user, token):
        raise ServiceError("invalid", "invalid_link", gettext("This link is not valid or was used already."))
    _validate_password(new_password, user)
    user.set_password(new_password)
    user.save(update_fields=["password"])
    return user


def issue_token(email: str, password: str) -> str:
    """The API token of the account with these credentials (created on first use)."""
    user = authenticate(username=normalize_email(email), password=password)
    if user is None:
        raise ServiceError("invalid", "invalid_credentials", gettext("Email or password is wrong."))
    token, _created = Token.objects.get_or_create(user=user)
    return str(token.key)


def revoke_token(user: User) -> None:
    """Sign the user out of the API everywhere."""
    Token.objects.filter(user=user).delete()


def end_sign_ins(user: User, *, sessions: bool = False) -> None:
    """End every way into the account but a new password's: called on each saved password change or reset
    and on a deactivation (accounts.signals). The API tokens are deleted here. After a new password the
    sessions end by Django's own check, which compares each session's copy of the password hash on every
    request (so a player who changes their own password keeps only the session they did it in, through
    `update_session_auth_hash`); with `sessions` (a deactivation) they end here, by a new moment in that hash
    (`User.sign_ins_ended_at`), whatever the session store."""
    revoke_token(user)
    if sessions:
        user.sign_ins_ended_at = timezone.now()
        User.objects.filter(pk=user.pk).update(sign_ins_ended_at=user.sign_ins_ended_at)  # no second signal


def update_profile(user: User, **fields: Any) -> User:
    """Change display name, language or time zone."""
    allowed = {"display_name", "language", "time_zone"}
    unknown = set(fields) - allowed
    if unknown:
        raise ServiceError("invalid", "read_only", gettext("These fields cannot be changed: {names}.").format(
            names=", ".join(sorted(unknown))))
    _validate_profile(fields)
    for name, value in fields.items():
        setattr(user, name, value)
    if fields:
        user.save(update_fields=list(fields))
    return user


def request_export(user: User) -> None:
    """Have the player's data export built by a worker and its link mailed (`export.build_export`), once
    the caller's transaction commits."""
    if user.deleted_at is not None or not user.is_active:
        raise ServiceError("forbidden", "account_inactive", gettext("This account is not active."))
    transaction.on_commit(lambda: build_data_export.delay(user.pk))
