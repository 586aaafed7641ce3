"""A player's language and time zone, and the one way a time is written for a reader (pages and emails)."""

from __future__ import annotations

import functools
import zoneinfo
from datetime import date, datetime
from email.utils import formataddr, parseaddr

from django.conf import settings
from django.utils import translation
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _

from .models import User

LANGUAGES = {code for code, _name in settings.LANGUAGES}


def language_of(user: User) -> str:
    """The language of the emails and pages this player reads (theirs, else the site default)."""
    return user.language if user.language in LANGUAGES else settings.LANGUAGE_CODE


def _reading(user: User | None) -> tuple[zoneinfo.ZoneInfo, str]:
    """The reader's zone (UTC for a guest or a zone unknown) and language (a guest's: the active one)."""
    try:
        zone = zoneinfo.ZoneInfo((user.time_zone if user else "") or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    return zone, language_of(user) if user else (translation.get_language() or settings.LANGUAGE_CODE)


def _pattern(language: str) -> str:
    with translation.override(language):
        # Translators: a date and time in strftime's notation, e.g. 31.12.2026 18:00 in German.
        return _("%Y-%m-%d %H:%M")


def format_time(moment: datetime, user: User | None = None) -> str:
    """A time in the reader's time zone and language, always with the zone's name, e.g.
    "31.12.2026 18:00 (CET)". A guest (`user` None) reads UTC in the active language. The one way a time is
    written for a reader: pages (the `local_time` tags), emails, the lobby."""
    zone, language = _reading(user)
    local = moment.astimezone(zone)
    return local.strftime(_pattern(language) + " ") + f"({local.tzname()})"


def format_date(day: date | datetime, user: User | None = None) -> str:
    """A day as `format_time` writes its date, e.g. "31.12.2026" in German (a moment: its day in the
    reader's zone)."""
    zone, language = _reading(user)
    if isinstance(day, datetime):
        day = day.astimezone(zone).date()
    return day.strftime(_pattern(language).split(" ")[0])


def format_deadline(moment: datetime, user: User | None = None, now: datetime | None = None) -> str:
    """A deadline as every page says it: when (`format_time`) and how long is left, in the reader's language,
    e.g. "Deadline: 31.12.2026 18:00 (CET), 2 days, 3 hours left"."""
    _zone, language = _reading(user)
    with translation.override(language):
        return _("Deadline: %(when)s, %(left)s left") % {"when": format_time(moment, user), "left": timeuntil(moment, now)}


# The sender's name as settings.py sets it by default; an operator's own name is left as it is.
DEFAULT_SENDER_NAME = "Play by email"


def sender(language: str) -> str:
    """The From of a mail in `language`: DEFAULT_FROM_EMAIL, its default name ("Play by email") said in that
    language ("Spielen per E-Mail"), as the mail's text calls the site."""
    return _sender(str(settings.DEFAULT_FROM_EMAIL), language)


@functools.lru_cache(maxsize=64)
def _sender(default_from: str, language: str) -> str:
    """`sender` worked out once per setting and language: every mail asks, and parsing the setting and
    translating the name took 30 to 45 µs of CPU each time."""
    name, address = parseaddr(default_from)
    if name != DEFAULT_SENDER_NAME:
        return default_from
    with translation.override(language):
        return formataddr((_("Play by email"), address))
