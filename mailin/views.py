"""The provider's webhook URLs (django-anymail's views), behind a rate limit that answers 429 JSON and the
API's checks of a JSON body (depth, NUL and lone surrogates: `config.parsers.json_body_checked`).

Only the mounted provider's URLs exist (`providers.mounted`: configured, and its signing key set); with no
provider, none does (404)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import URLPattern, URLResolver, include, path

from config import throttles
from config.parsers import json_body_checked

from . import providers


def throttled(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view, refusing with 429 `{code, message}` and Retry-After past the `inbound_mail` rate
    (REST_FRAMEWORK's DEFAULT_THROTTLE_RATES) per client address."""

    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        wait = throttles.attempt(request, "inbound_mail", [throttles.client_ident(request)])
        if wait is not None:
            answer = JsonResponse({"code": "throttled", "message": f"Too many requests; try again in {wait} s."},
                                  status=429)
            answer["Retry-After"] = str(wait)
            return answer
        return view(request, *args, **kwargs)

    for attribute in ("csrf_exempt",):
        setattr(wrapper, attribute, getattr(view, attribute, False))
    return wrapper


def _provider_patterns(provider: str) -> list[URLPattern]:
    """anymail's URLs of `provider` (e.g. mailgun/inbound/, mailgun/tracking/), each rate limited and its JSON
    body checked before anymail parses it (new patterns: anymail's own are left as they are)."""
    from anymail import urls

    own = [p for p in urls.urlpatterns if isinstance(p, URLPattern) and str(p.pattern).lstrip("^").startswith(f"{provider}/")]
    return [URLPattern(p.pattern, throttled(json_body_checked(p.callback)), p.default_args, p.name) for p in own]


def webhook_urlpatterns() -> list[URLPattern | URLResolver]:
    """The URLs under mail/anymail/ for the settings now: the mounted provider's webhooks, or nothing."""
    provider = providers.mounted()
    if provider is None:
        return []
    return [path("mail/anymail/", include((_provider_patterns(provider), "anymail")))]
