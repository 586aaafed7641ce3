"""Who keeps their games out of the open record: the players who said so (`OpenRecordChoice`), every deleted
account, and whoever the operator's own predicate names (`STATS_OPEN_RECORD_EXCLUDED`: the dotted path of a
function `(user_ids) -> the ids among them to leave out`, for a rule kept elsewhere)."""

from __future__ import annotations

from collections.abc import Collection

from django.conf import settings
from django.utils.module_loading import import_string

from accounts.models import User

from .models import OpenRecordChoice


def left_out(user_ids: Collection[int]) -> set[int]:
    """The ids among `user_ids` whose games stay out of the open record."""
    ids = set(user_ids)
    out = set(OpenRecordChoice.objects.filter(user_id__in=ids, included=False).values_list("user_id", flat=True))
    out |= set(User.objects.filter(pk__in=ids, deleted_at__isnull=False).values_list("pk", flat=True))
    extra = getattr(settings, "STATS_OPEN_RECORD_EXCLUDED", "")
    if extra:
        out |= set(import_string(extra)(ids)) & ids
    return out


def is_included(user: User) -> bool:
    """Whether the player's games go into the open record (their choice; the default is yes)."""
    return user.pk not in left_out([user.pk])


def set_included(user: User, included: bool) -> None:
    """Record the player's choice about the open record."""
    OpenRecordChoice.objects.update_or_create(user=user, defaults={"included": bool(included)})
