"""The feed's text: one VCALENDAR (RFC 5545, METHOD:PUBLISH) of a player's deadlines, written with the
`icalendar` library, which folds the lines at 75 octets, ends them with CRLF and escapes the texts.

Each deadline is a short event at its time (`EVENT_LENGTH`), in UTC, with an alarm at its reminder if it
has one. The text depends only on the deadlines, the player's language and `stamp` (the moment the feed
last changed: every event's DTSTAMP), so an unchanged feed is the same text, byte for byte.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from django.utils.translation import gettext as _
from icalendar import Alarm, Calendar, Event, Timezone, TimezoneStandard, vDuration

from .sources import Deadline

PRODID = "-//Play by email//Deadlines//EN"
EVENT_LENGTH = timedelta(minutes=15)
# How often a calendar app should fetch the feed again (RFC 7986 REFRESH-INTERVAL and the older
# X-PUBLISHED-TTL that Outlook and Apple read): deadlines are days apart, a new one comes with a move.
REFRESH = timedelta(hours=1)


def fingerprint(deadlines: Sequence[Deadline], language: str) -> str:
    """A hash of what the feed says (the stamp aside): it changes exactly when the text would."""
    digest = hashlib.sha256(f"{PRODID}|{language}|{EVENT_LENGTH}|{REFRESH}".encode())
    for deadline in deadlines:
        digest.update(repr(deadline).encode())
    return digest.hexdigest()


def calendar_text(deadlines: Sequence[Deadline], stamp: datetime) -> bytes:
    """The iCalendar text of these deadlines, in the active language."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    name = _("My deadlines · Play by email")
    calendar.add("name", name)  # RFC 7986
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-caldesc", _("The deadlines of the moves you are awaited for, one event each."))
    calendar.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    calendar.add("x-published-ttl", vDuration(REFRESH))
    for deadline in deadlines:
        calendar.add_component(_event(deadline, stamp))
    if not deadlines:
        # RFC 5545 (3.6) asks a calendar for one component at least: with no deadline, the zone its times
        # would be in (a strict reader refuses an empty VCALENDAR; the apps read a VTIMEZONE as nothing).
        calendar.add_component(_utc_zone())
    text: bytes = calendar.to_ical()
    return text


def _event(deadline: Deadline, stamp: datetime) -> Event:
    event = Event()
    event.add("uid", deadline.uid)
    event.add("dtstamp", _utc(stamp))
    event.add("last-modified", _utc(stamp))
    event.add("dtstart", _utc(deadline.deadline_at))
    event.add("dtend", _utc(deadline.deadline_at + EVENT_LENGTH))
    event.add("sequence", deadline.sequence)
    event.add("summary", deadline.summary)
    if deadline.description:
        event.add("description", deadline.description)
    event.add("url", deadline.url)
    event.add("status", "CONFIRMED")
    event.add("transp", "TRANSPARENT")  # a deadline keeps no time busy
    if deadline.reminder_at is not None and deadline.reminder_at < deadline.deadline_at:
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", deadline.summary)
        alarm.add("trigger", _utc(deadline.reminder_at) - _utc(deadline.deadline_at))  # before: negative
        event.add_component(alarm)
    return event


def _utc_zone() -> Timezone:
    zone = Timezone()
    zone.add("tzid", "UTC")
    standard = TimezoneStandard()
    standard.add("dtstart", datetime(1970, 1, 1))
    standard.add("tzoffsetfrom", timedelta(0))
    standard.add("tzoffsetto", timedelta(0))
    standard.add("tzname", "UTC")
    zone.add_component(standard)
    return zone


def _utc(moment: datetime) -> datetime:
    """The moment in UTC (written with a trailing Z: no time zone definition is needed)."""
    return moment.astimezone(UTC).replace(microsecond=0)
