"""`{% local_time moment as name %}`: a time for the page's reader through `accounts.local.format_time`
(their time zone, named; a guest's in UTC), so pages write times as the emails do."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template

from accounts.local import format_time
from accounts.models import User

register = template.Library()


@register.simple_tag(takes_context=True)
def local_time(context: dict[str, Any], moment: datetime | None) -> str:
    """The time for the request's user (a guest: UTC), with the zone's name; "" for no time."""
    if moment is None:
        return ""
    request = context.get("request")
    user = getattr(request, "user", None)
    return format_time(moment, user if isinstance(user, User) else None)
