"""Times for the page's reader, written one way everywhere (pages and emails) by `accounts.local`:
`{% local_time moment as name %}` a time (their time zone, named; a guest's in UTC), `{% local_date day as
name %}` a day, `{% local_deadline moment %}` a deadline with the time left ("Deadline: …, 2 days left")."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django import template

from accounts.local import format_date, format_deadline, format_time
from accounts.models import User

register = template.Library()


def _reader(context: Any) -> User | None:
    """The request's user; None for a guest (or a page rendered without a request)."""
    user = getattr(context.get("request"), "user", None)
    return user if isinstance(user, User) else None


@register.simple_tag(takes_context=True)
def local_time(context: Any, moment: datetime | None) -> str:
    """The time for the request's user (a guest: UTC), with the zone's name; "" for no time."""
    return "" if moment is None else format_time(moment, _reader(context))


@register.simple_tag(takes_context=True)
def local_date(context: Any, day: date | datetime | None) -> str:
    """The day for the request's user, as `local_time` writes its date; "" for none."""
    return "" if day is None else format_date(day, _reader(context))


@register.simple_tag(takes_context=True)
def local_deadline(context: Any, moment: datetime | None) -> str:
    """The deadline for the request's user: when, and how long is left; "" for none."""
    return "" if moment is None else format_deadline(moment, _reader(context))
