"""The one hook where a new password or a deactivation ends an account's other sign-ins.

Every way in that replaces a password saves the user after `set_password` (or `set_unusable_password`):
the API's and the site's reset, the admin's change forms, `manage.py changepassword`. Django marks such a
password until the save that stores it; a hash upgraded at sign-in is not marked (it is the same password).
An account saved inactive (the admin's "active" unticked) loses its tokens and sessions for good: ticking
"active" again brings none of them back.
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
    """A saved new password ends the account's API tokens (its sessions end by Django's session check); a
    saved deactivation ends the tokens and the sessions."""
    # AbstractBaseUser keeps the new raw password in `_password` until after this signal.
    new_password = getattr(instance, "_password", None) is not None or instance._password_withdrawn
    instance._password_withdrawn = False
    if created:
        return
    saved = update_fields is None or "password" in update_fields
    if not instance.is_active and (update_fields is None or "is_active" in update_fields):
        services.end_sign_ins(instance, sessions=True)
    elif new_password and saved:
        services.end_sign_ins(instance)
