"""Absolute links to the site's own pages, for what has no request to build them from (emails, commands)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse


def site_link(viewname: str, *args: Any) -> str:
    """The public address (SITE_URL) of the named URL with these arguments, e.g. `site_link("game-page", 7)`."""
    return f"{settings.SITE_URL}{reverse(viewname, args=args)}"
