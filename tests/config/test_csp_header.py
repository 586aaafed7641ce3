"""The site's CSP middleware is django-csp's, as it is (configured by the settings alone), and writes the headers
django-csp writes: plain responses, a view's own policy, a nonce, exemptions, excluded prefixes and changed
settings."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import csp.middleware
import pytest
from csp.decorators import csp_exempt, csp_update
from csp.utils import build_policy
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.utils.module_loading import import_string

# The middleware the site runs for the header (the one entry of MIDDLEWARE that writes it).
CSPMiddleware = next(import_string(name) for name in settings.MIDDLEWARE if name.endswith("CSPMiddleware"))

POLICY = {"DIRECTIVES": {"default-src": ["'self'"], "script-src": ["'self'", csp.constants.NONCE]}}


def _plain(request: HttpRequest) -> HttpResponse:
    return HttpResponse("{}", content_type="application/json")


@csp_update({"img-src": ["https://example.org"]})
def _own_policy(request: HttpRequest) -> HttpResponse:
    return HttpResponse("<p>")


@csp_exempt()
def _exempt(request: HttpRequest) -> HttpResponse:
    return HttpResponse("<p>")


def _with_nonce(request: HttpRequest) -> HttpResponse:
    return HttpResponse(f"<script nonce='{request.csp_nonce}'></script>")  # type: ignore[attr-defined]


def _headers(middleware: type[Any], view: Callable[[HttpRequest], HttpResponse], path: str = "/api/games/1/") -> dict[str, str]:
    request = RequestFactory().get(path)
    response = middleware(view)(request)
    return {k: v for k, v in response.headers.items() if k.startswith("Content-Security-Policy")}


def test_the_site_runs_django_csps_middleware_and_its_policy_from_the_settings(client: Client) -> None:
    assert CSPMiddleware is csp.middleware.CSPMiddleware
    assert client.get("/accounts/login/")["Content-Security-Policy"] == build_policy()


@pytest.mark.parametrize("view", [_plain, _own_policy, _exempt, _with_nonce])
def test_the_same_headers_as_django_csp(view: Callable[[HttpRequest], HttpResponse]) -> None:
    ours, theirs = _headers(CSPMiddleware, view), _headers(csp.middleware.CSPMiddleware, view)
    assert ours == theirs and bool(ours) is (view is not _exempt)
    with override_settings(CONTENT_SECURITY_POLICY=POLICY):  # one that takes nonces: fresh ones, the same around them
        ours, theirs = _headers(CSPMiddleware, view), _headers(csp.middleware.CSPMiddleware, view)
        assert {k: re.sub("'nonce-[^']+'", "N", v) for k, v in ours.items()} == {
            k: re.sub("'nonce-[^']+'", "N", v) for k, v in theirs.items()}
        assert ("'nonce-" in ours.get("Content-Security-Policy", "")) is (view is _with_nonce)


def test_changed_settings_change_the_header() -> None:
    before = _headers(CSPMiddleware, _plain)["Content-Security-Policy"]
    with override_settings(CONTENT_SECURITY_POLICY=POLICY, CONTENT_SECURITY_POLICY_REPORT_ONLY=POLICY):
        changed = _headers(CSPMiddleware, _plain)
        assert changed == _headers(csp.middleware.CSPMiddleware, _plain)
        assert changed["Content-Security-Policy"] != before and "Content-Security-Policy-Report-Only" in changed
    with override_settings(CONTENT_SECURITY_POLICY={**POLICY, "EXCLUDE_URL_PREFIXES": ["/api/"]}):
        assert _headers(CSPMiddleware, _plain) == _headers(csp.middleware.CSPMiddleware, _plain) == {}
        assert _headers(CSPMiddleware, _plain, "/games/1/") == _headers(csp.middleware.CSPMiddleware, _plain, "/games/1/")
    assert _headers(CSPMiddleware, _plain)["Content-Security-Policy"] == before
