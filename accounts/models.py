"""The user model: email is the login; display name, language and time zone are the player's."""

from __future__ import annotations

import datetime
import unicodedata
import zoneinfo
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

DISPLAY_NAME_MAX_LENGTH = 60
SIGN_INS_SALT = "accounts.sign-ins-ended"
SIGN_IN_EPOCH_SALT = "accounts.sign-in-epoch"

# Joiners that scripts (Persian, Indic) and emoji sequences need: the only format characters a name keeps.
_NAME_JOINERS = {"\u200c", "\u200d"}

# Letters and symbols that show nothing: the Hangul fillers (choseong, jungseong, compatibility, half-width)
# and the blank Braille pattern. They may stand in a name, but do not make one.
_BLANK_LOOKING = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}


def is_visible_base(char: str) -> bool:
    """Whether the character shows on its own: a letter, digit, punctuation or symbol (Unicode category L,
    N, P or S) that is not one of the blank-looking fillers. A name needs one of these."""
    return unicodedata.category(char)[0] in "LNPS" and char not in _BLANK_LOOKING


def is_text_character(char: str, *, line_break: bool = False) -> bool:
    """The one rule of the text players write for other players to read (display names, chat messages):
    no control, format (bidi override, zero-width space), surrogate, private or unassigned character
    (Unicode category C*, but the two joiners), no line or paragraph separator (Zl, Zp), and not the
    replacement character (text that could not be decoded). Such text is shown inside other players' pages
    and mails, where these characters break lines, hide or turn the text around them. With `line_break`
    (a chat message has lines, a name is one) the line end "\n" is allowed too."""
    if char == "\n":
        return line_break
    category = unicodedata.category(char)
    if category.startswith("C"):
        return char in _NAME_JOINERS
    return category not in ("Zl", "Zp") and char != "\ufffd"


def is_name_character(char: str) -> bool:
    """Whether a display name may hold this character: `is_text_character`, on one line."""
    return is_text_character(char)


def validate_display_name(value: str) -> None:
    """The one check of a display name (the model field's validator, so the admin's forms run it; the
    API, the sign-up and settings forms and the services call it too): one line of 1 to 60 characters,
    none of them a control or formatting character, no blank at either end (the forms strip them), at least
    one visible letter, digit or sign (`is_visible_base`), and no combining mark first (it has no base)."""
    if not isinstance(value, str) or not value.strip():
        raise ValidationError(_("Enter a display name."), code="invalid_display_name")
    if value != value.strip():
        raise ValidationError(_("A display name cannot start or end with a blank."), code="invalid_display_name")
    if len(value) > DISPLAY_NAME_MAX_LENGTH:
        raise ValidationError(_("A display name has 1 to 60 characters."), code="invalid_display_name")
    if not all(is_name_character(char) for char in value):
        raise ValidationError(
            _("A display name is one line without control or formatting characters."), code="invalid_display_name"
        )
    if unicodedata.category(value[0]).startswith("M"):
        raise ValidationError(_("A display name cannot start with a combining mark (such as an accent on its own)."),
                              code="invalid_display_name")
    if not any(is_visible_base(char) for char in value):
        raise ValidationError(_("A display name needs at least one visible letter, digit or sign."),
                              code="invalid_display_name")


def former_player_name(pk: int) -> str:
    """The neutral name a deleted account's seats show (accounts.deletion), in the active language: the
    stored row keeps an English one for the admin, every page, mail and API answer shows this."""
    return gettext("Former player %(number)s") % {"number": pk}


def shown_name(pk: int, display_name: str | None) -> str:
    """The name to show for an account read as (id, display name or None when deleted), e.g. from a query
    that reads no whole user (games.selectors.seat_names)."""
    return former_player_name(pk) if display_name is None else display_name


def validate_time_zone(value: str) -> None:
    """Accept only IANA time zone names (e.g. Europe/Berlin)."""
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"{value!r} is not a known time zone (e.g. Europe/Berlin).")


class UserManager(BaseUserManager["User"]):
    """Creates users with a normalised (lower-case) email as the login."""

    use_in_migrations = True

    def create_user(self, email: str, password: str | None = None, **fields: Any) -> User:
        """Create a player account."""
        if not email:
            raise ValueError("email is required")
        user = self.model(email=normalize_email(email), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields: Any) -> User:
        """Create an operator account with admin rights."""
        fields.setdefault("is_staff", True)
        fields.setdefault("is_superuser", True)
        fields.setdefault("email_verified_at", timezone.now())
        return self.create_user(email, password, **fields)

    def get_by_natural_key(self, username: str | None) -> User:
        """Logins are case-insensitive in the email."""
        return self.get(email=normalize_email(username or ""))


def normalize_email(email: str) -> str:
    """One spelling per address: lower-case and stripped, so that logins and uniqueness ignore case."""
    return email.strip().lower()


class User(AbstractBaseUser, PermissionsMixin):
    """A player (or an operator, with is_staff)."""

    class Language(models.TextChoices):
        ENGLISH = "en", "English"
        GERMAN = "de", "Deutsch"

    email = models.EmailField(unique=True)
    display_name = models.CharField(max_length=DISPLAY_NAME_MAX_LENGTH, validators=[validate_display_name])
    language = models.CharField(max_length=2, choices=Language.choices, default=Language.ENGLISH)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    # Game emails go out only once the address is verified; playing does not wait for it.
    email_verified_at = models.DateTimeField(null=True, blank=True)
    # Set by a hard bounce: no game mail goes out until the player confirms an address again.
    email_bounced_at = models.DateTimeField(null=True, blank=True)
    is_active = models.BooleanField(default=True)
    # When the account's sessions were last ended by its deactivation: part of the session check's hash, so
    # the sessions of before stay ended when the account is active again (`_get_session_auth_hash`).
    sign_ins_ended_at = models.DateTimeField(null=True, blank=True, editable=False)
    is_staff = models.BooleanField(default=False)
    date_joined = models.DateTimeField(default=timezone.now)
    # Set when the player deleted the account (accounts.deletion): the row stays only because the games'
    # logs name it, with nothing personal left in it.
    deleted_at = models.DateTimeField(null=True, blank=True, editable=False)
    # A bot's account (the hosting's bot seats, games.services.bots): the bot's level ("easy", "strong"),
    # empty for a person. A bot's account has no password that signs in and no address mail reaches (it is
    # never verified), but it has a profile and ratings like anyone's.
    bot_level = models.CharField(max_length=16, blank=True, default="", editable=False)

    objects = UserManager()

    # Set by set_unusable_password until the next save (accounts.signals); not a column.
    _password_withdrawn = False

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = ["display_name"]

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.display_name} <{self.email}>"

    @property
    def public_name(self) -> str:
        """The name other players see: the display name, or for a deleted account the neutral one in the
        reader's language (`former_player_name`)."""
        return former_player_name(self.pk) if self.deleted_at is not None else self.display_name

    @property
    def is_bot(self) -> bool:
        """Whether this account is one of the hosting's bots (`bot_level`)."""
        return bool(self.bot_level)

    @property
    def email_verified(self) -> bool:
        """Whether the player confirmed their address."""
        return self.email_verified_at is not None

    def set_unusable_password(self) -> None:
        """No password signs in any more: like a new password, this ends the account's other sign-ins
        (Django marks only `set_password` as a change; accounts.signals reads the mark when saved)."""
        super().set_unusable_password()
        self._password_withdrawn = True

    def _get_session_auth_hash(self, secret: str | None = None) -> str:
        """Django's hash of the password that every request's session is checked against (a new password
        ends the sessions of the old one), and once the account was deactivated, of that moment too."""
        base: str = super()._get_session_auth_hash(secret=secret)  # type: ignore[misc]
        if self.sign_ins_ended_at is None:
            return base  # as Django's: the sessions of accounts never cut off are not ended by this
        ended = self.sign_ins_ended_at.astimezone(datetime.UTC).strftime("%Y%m%d%H%M%S%f")
        return salted_hmac(SIGN_INS_SALT, f"{base}:{ended}", secret=secret, algorithm="sha256").hexdigest()

    def sign_in_epoch(self) -> str:
        """A fingerprint of the account's present sign-ins (of the session check's hash: the password, and
        the moment a deactivation ended the sign-ins): whatever ends the sessions changes it. The links
        mailed to the account (its data export, its deletion) carry it, so they die with the sign-ins."""
        return salted_hmac(SIGN_IN_EPOCH_SALT, self._get_session_auth_hash(), algorithm="sha256").hexdigest()[:32]

    def clean(self) -> None:
        super().clean()
        self.email = normalize_email(self.email)


class DataExport(models.Model):
    """A player's data export (accounts.export), kept until its link expires: one JSON document."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    content = models.JSONField(encoder=DjangoJSONEncoder)  # the games' views hold datetimes

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"data export #{self.pk} of user #{self.user_id}"


class SessionOwner(models.Model):
    """The account a signed-in session belongs to, filed by the session store with each save
    (`accounts.sessions`): deleting an account finds its sessions here, without decoding everybody's. Goes
    with its session (a sign-out, `clearsessions`) and with its account."""

    session = models.OneToOneField(Session, primary_key=True, on_delete=models.CASCADE, related_name="owner")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"a session of user #{self.user_id}"
