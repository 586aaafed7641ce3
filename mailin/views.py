"""The providers' webhook URLs (django-anymail's views), behind a rate limit that answers 429 JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import URLPattern, URLResolver, include, path
from rest_framework.throttling import SimpleRateThrottle


class _InboundThrottle(SimpleRateThrottle):
    """The `inbound_mail` rate (REST_FRAMEWORK's DEFAULT_THROTTLE_RATES), per client address."""

    scope = "inbound_mail"

    def get_rate(self) -> str:
        # Read at each request (not at import like DRF's class attribute), so the setting can change.
        rates: dict[str, str] = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]  # type: ignore[assignment]
        return rates[self.scope]

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def throttled(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view, refusing with 429 `{code, message}` and Retry-After past the inbound mail rate."""

    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        throttle = _InboundThrottle()
        throttle.rate = throttle.get_rate()
        throttle.num_requests, throttle.duration = throttle.parse_rate(throttle.rate)  # type: ignore[attr-defined]
        if not throttle.allow_request(request, None):  # type: ignore[arg-type]
            wait = int(throttle.wait() or 1)
            answer = JsonResponse({"code": "throttled", "message": f"Too many requests; try again in {wait} s."},
                                  status=429)
            answer["Retry-After"] = str(wait)
            return answer
        return view(request, *args, **kwargs)

    for attribute in ("csrf_exempt",):
        setattr(wrapper, attribute, getattr(view, attribute, False))
    return wrapper


def _throttle_all(patterns: list[Any]) -> list[URLPattern | URLResolver]:
    wrapped: list[URLPattern | URLResolver] = []
    for pattern in patterns:
        if isinstance(pattern, URLPattern):
            pattern.callback = throttled(pattern.callback)
        wrapped.append(pattern)
    return wrapped


def anymail_urls() -> Any:
    """anymail's webhook URLs (e.g. mailgun/inbound/, mailgun/tracking/), each rate limited."""
    from anymail import urls

    return include((_throttle_all(list(urls.urlpatterns)), "anymail"))


urlpatterns = [path("mail/anymail/", anymail_urls())]
