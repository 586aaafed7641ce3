"""The providers' webhook URLs (django-anymail's views), behind a rate limit that answers 429 JSON and the
API's checks of a JSON body (depth, NUL and lone surrogates: `config.parsers.json_body_checked`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import URLPattern, URLResolver, include, path

from config import throttles
from config.parsers import json_body_checked


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


def _throttle_all(patterns: list[Any]) -> list[URLPattern | URLResolver]:
    wrapped: list[URLPattern | URLResolver] = []
    for pattern in patterns:
        if isinstance(pattern, URLPattern):
            pattern.callback = throttled(json_body_checked(pattern.callback))
        wrapped.append(pattern)
    return wrapped


def anymail_urls() -> Any:
    """anymail's webhook URLs (e.g. mailgun/inbound/, mailgun/tracking/), each rate limited."""
    from anymail import urls

    return include((_throttle_all(list(urls.urlpatterns)), "anymail"))


urlpatterns = [path("mail/anymail/", anymail_urls())]
