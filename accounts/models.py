"""The user model: email is the login; display name, language and time zone are the player's."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone


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
    display_name = models.CharField(max_length=60)
    language = models.CharField(max_length=2, choices=Language.choices, default=Language.ENGLISH)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    # Game emails go out only once the address is verified; playing does not wait for it.
    email_verified_at = models.DateTimeField(null=True, blank=True)
    # Set by a hard bounce: no game mail goes out until the player confirms an address again.
    email_bounced_at = models.DateTimeField(null=True, blank=True)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False)
    date_joined = models.DateTimeField(default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = ["display_name"]

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.display_name} <{self.email}>"

    @property
    def email_verified(self) -> bool:
        """Whether the player confirmed their address."""
        return self.email_verified_at is not None

    def clean(self) -> None:
        super().clean()
        self.email = normalize_email(self.email)
