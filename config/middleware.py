"""Middleware of the site: the player's language and time zone; the Content-Security-Policy header."""

from __future__ import annotations

import functools
import zoneinfo
from collections.abc import Callable
from typing import Any

import csp.middleware
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils import timezone, translation


class UserPreferencesMiddleware:
    """After authentication: activate the player's language and time zone (anonymous: the browser's language)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.languages = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user
        if user.is_authenticated:
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


# What a view or a page can change about the policy of one response (django-csp's decorators set these on
# the response; a template that takes `request.csp_nonce` sets `_csp_nonce` on the request).
_POLICY_CHANGES = ("_csp_config", "_csp_update", "_csp_replace", "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro")


@functools.cache
def _site_policy() -> tuple[tuple[str, str, str, str], ...]:
    """(header, text, exemption attribute, setting) of the enforced and the report-only policy of the settings."""
    return (
        (HEADER, build_policy(), "_csp_exempt", "CONTENT_SECURITY_POLICY"),
        (HEADER_REPORT_ONLY, build_policy(report_only=True), "_csp_exempt_ro", "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
    )


@receiver(setting_changed)
def _forget_site_policy(setting: str, **kwargs: Any) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _site_policy.cache_clear()


class CSPMiddleware(csp.middleware.CSPMiddleware):
    """django-csp's middleware, the site-wide policy's text built once instead of for every response.

    The text comes from the settings alone unless a view changed the policy of its response or a page took
    a nonce: those responses go through django-csp unchanged; every other one gets the headers django-csp
    would write (same exemptions: DEBUG error pages, `csp_exempt`, EXCLUDE_URL_PREFIXES, a header already set)."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if getattr(request, "_csp_nonce", None) is not None or any(hasattr(response, a) for a in _POLICY_CHANGES):
            return super().process_response(request, response)
        if response.status_code in (500, 404) and settings.DEBUG:
            return response
        for header, text, exempt, setting in _site_policy():
            excluded = tuple((getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ())
            if text and header not in response and not getattr(response, exempt, False) and not (
                excluded and request.path_info.startswith(excluded)
            ):
                response[header] = text
        # As django-csp: a nonce asked for after the header was written is an error, not a silent gap.
        request.csp_nonce = csp.middleware.CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response
