"""Middleware of the site: the player's language and time zone (the Content-Security-Policy header is
django-csp's middleware, configured in config/settings.py)."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation


class UserPreferencesMiddleware:
    """After authentication: activate the signed-in player's language and time zone (anyone else: the
    browser's language, UTC)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.languages = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # Only the session can have signed the user in at this point (an API token is DRF's, inside the
        # view): a request whose session has no key (no session cookie came) is anonymous here, and asking
        # `request.user` would load the empty session for nothing and mark the answer `Vary: Cookie` (about
        # 2 % of the instructions of a GET + POST of the command path, callgrind). `session_key` is the
        # cookie's value, read without loading the session.
        user = request.user if request.session.session_key is not None else None
        if user is not None and user.is_authenticated:
            language = getattr(user, "language", "")
            if language in self.languages:
                translation.activate(language)
                request.LANGUAGE_CODE = language
            try:
                timezone.activate(zoneinfo.ZoneInfo(getattr(user, "time_zone", "") or "UTC"))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        response = self.get_response(request)
        timezone.deactivate()
        return response
