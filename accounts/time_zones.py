"""The time zones a player may choose, grouped by region, each with its offset from UTC now (the setting's
list and the sign-up's: "Europe" > "Berlin (UTC+01:00)")."""

from __future__ import annotations

import datetime
import zoneinfo

from django.utils.translation import gettext_lazy

FALLBACK = "Europe/Berlin"  # the sign-up's zone when the browser tells none


def _offset(zone: str, now: datetime.datetime) -> str:
    delta = now.astimezone(zoneinfo.ZoneInfo(zone)).utcoffset() or datetime.timedelta()
    minutes = int(delta.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def grouped_time_zones(now: datetime.datetime | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """Django's grouped choices: (region, [(zone, "City (UTC+hh:mm)"), ...]) by region, UTC first."""
    now = now or datetime.datetime.now(datetime.UTC)
    groups: dict[str, list[tuple[str, str]]] = {}
    for zone in sorted(zoneinfo.available_timezones()):
        if "/" not in zone:  # every zone with a region, as before (a stored one stays valid)
            continue
        region, _, place = zone.partition("/")
        groups.setdefault(region, []).append((zone, f"{place.replace('_', ' ')} ({_offset(zone, now)})"))
    return [("UTC", [("UTC", "UTC (UTC+00:00)")]), *sorted(groups.items())]


def filter_attrs() -> dict[str, object]:
    """The attributes of a zone list's <select> for the site's script, which puts a filter box above it
    (typing "berl" or "utc+01" keeps the matching zones); without the script the list works as it is."""
    return {
        "data-zone-filter": "1",
        "data-filter-label": gettext_lazy("Search the list: a city, a region or an offset such as UTC+01"),
        "data-filter-count": gettext_lazy("Zones found: {count}"),
    }
