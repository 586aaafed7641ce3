"""`{% load stats_numbers %}`: `{{ seconds|duration }}`, a time to move in words (seconds, minutes, hours or
days, whichever reads best), in the active language."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext as _

register = template.Library()


@register.filter
def duration(seconds: float | None) -> str:
    """A span of seconds in words: "40 s", "12 min", "5.5 h", "2.1 days"."""
    if seconds is None:
        return "–"
    if seconds < 90:
        return _("%(n)s s") % {"n": number_format(round(seconds))}
    if seconds < 90 * 60:
        return _("%(n)s min") % {"n": number_format(round(seconds / 60))}
    if seconds < 48 * 3600:
        return _("%(n)s h") % {"n": number_format(seconds / 3600, 1)}
    return _("%(n)s days") % {"n": number_format(seconds / 86400, 1)}
