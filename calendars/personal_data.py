"""calendars' share of a person's data (registered with `accounts.personal_data` in `CalendarsConfig.ready`):
the feed's row. Erased with the account (its address answers 404 from then on); the export says whether
there is a feed and since when, never its address (a credential: the export's link could be forwarded)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from accounts.personal_data import PersonalDataPart

from .models import CalendarFeed

if TYPE_CHECKING:
    from accounts.models import User


def erase(user: User) -> None:
    """End the person's feed."""
    CalendarFeed.objects.filter(user=user).delete()


def export(user: User) -> dict[str, Any]:
    """Whether the person has a feed, when its address was made and last fetched."""
    found = CalendarFeed.objects.filter(user=user).first()
    if found is None:
        return {"feed": None}
    return {"feed": {
        "created_at": found.created_at.isoformat(),
        "last_fetched_at": found.last_served_at.isoformat() if found.last_served_at else None,
    }}


PART = PersonalDataPart(name="calendars", erase=erase, export=export)
