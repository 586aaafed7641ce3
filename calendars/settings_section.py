"""The calendar feed's part of the settings page (`accounts.settings_page.sections`): the feed's link to
copy into a calendar app, a button that gives it a new address (the old one stops working at once) and one
that ends the feed. Added in `CalendarsConfig.ready`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.settings_page import SettingsSection, sections

from . import services


class CalendarForm(forms.Form):
    """The part's own form has no field: posting it makes the feed (or renews its address)."""


def _renew(user: User, data: dict[str, Any]) -> None:
    services.renew(user)


def _renew_action(user: User, post: QueryDict) -> str:
    had_one = services.feed_of(user) is not None
    services.renew(user)
    return _("The calendar has a new link; the old one no longer works.") if had_one \
        else _("Your calendar link is ready: copy it into your calendar app.")


def _end_action(user: User, post: QueryDict) -> str:
    return _("The calendar link is turned off.") if services.end(user) else _("You have no calendar link.")


def _context(user: User, now: datetime) -> dict[str, Any]:
    found = services.feed_of(user)
    if found is None:
        return {"feed": None, "may_have_feed": not user.is_bot}
    return {"feed": found, "feed_url": services.feed_url(found), "webcal_url": services.webcal_url(found),
            "may_have_feed": True}


def add_section() -> None:
    """Add the calendar's part to the settings page."""
    sections.register(SettingsSection(
        part="calendar", template="calendars/settings_calendar.html", form_class=CalendarForm,
        initial=lambda user: {}, save=_renew, context=_context,
        actions={"calendar_renew": _renew_action, "calendar_end": _end_action},
    ))
