"""The one hook where a new password ends an account's other sign-ins.

Every way in that replaces a password saves the user after `set_password` (or `set_unusable_password`):
the API's and the site's reset, the admin's change forms, `manage.py changepassword`. Django marks such a
password until the save that stores it; a hash upgraded at sign-in is not marked (it is the same password).
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from . import services
from .models import User


@receiver(post_save, sender=User, dispatch_uid="accounts.end_sign_ins_on_new_password")
def end_sign_ins_on_new_password(
    sender: type[User], instance: User, created: bool, update_fields: frozenset[str] | None, **kwargs: Any
) -> None:
    """A saved new password ends the account's API tokens (its sessions end by Django's session check)."""
    # AbstractBaseUser keeps the new raw password in `_password` until after this signal.
    new_password = getattr(instance, "_password", None) is not None or instance._password_withdrawn
    instance._password_withdrawn = False
    if created or not new_password or (update_fields is not None and "password" not in update_fields):
        return
    services.end_sign_ins(instance)
