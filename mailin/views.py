"""The provider's webhook URLs (django-anymail's views), behind the API's checks of a JSON body (depth, NUL
and lone surrogates: `core.parsers.json_body_checked`) and a rate limit of refused (unsigned) calls that
answers 429 JSON. mailin.urls mounts them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from anymail.exceptions import AnymailWebhookValidationFailure
from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import URLPattern

from core import throttles
from core.parsers import json_body_checked

# Anymail's refusals: a bad or missing signature or basic auth (its validation failure, Django's 400), a
# JSON body the API's parser would refuse (`json_body_checked`, 400), a forbidden request (403).
REFUSED_STATUSES = (400, 403)


def _too_many(wait: int) -> HttpResponse:
    answer = JsonResponse({"code": "throttled", "message": f"Too many requests; try again in {wait} s."}, status=429)
    answer["Retry-After"] = str(wait)
    return answer


def throttled(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view, with the requests it refuses counted per client address under the `inbound_mail` rate
    (REST_FRAMEWORK's DEFAULT_THROTTLE_RATES): past it, such a request is answered 429 `{code, message}` with
    Retry-After instead of 400.

    A signed, valid call is never counted nor held: every provider call comes from the provider's few shared
    addresses, so a per-address budget of all calls would let anybody who mails the routed address (or posts
    junk from there) block real replies and bounce events. Real mail is limited by the mail-in budgets per
    player and per reply address (`services.receive`); the signature check is what a refused call costs."""

    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            answer = view(request, *args, **kwargs)
        except SuspiciousOperation:  # anymail's validation failure, a body past Django's limits
            wait = _count_refusal(request)
            if wait is not None:
                return _too_many(wait)
            raise  # Django's 400 for a SuspiciousOperation, as anymail answers it
        if answer.status_code in REFUSED_STATUSES:
            wait = _count_refusal(request)
            if wait is not None:
                return _too_many(wait)
        return answer

    for attribute in ("csrf_exempt",):
        setattr(wrapper, attribute, getattr(view, attribute, False))
    return wrapper


def _count_refusal(request: HttpRequest) -> int | None:
    """Count one refused request of the client; None within the rate, else the seconds to wait."""
    return throttles.attempt(request, "inbound_mail", [throttles.client_ident(request)])


class _ReadableSignature:
    """Before an anymail webhook view in its class: a signature field that is not ASCII is a refused
    signature (anymail encodes the fields as ASCII, which raised an error, a 500 no budget counted)."""

    def run_validators(self, request: HttpRequest) -> None:
        try:
            super().run_validators(request)  # type: ignore[misc]
        except UnicodeError as error:
            raise AnymailWebhookValidationFailure("Webhook called with a signature that is not ASCII") from error


def _readable_signatures(callback: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """anymail's view `callback` built again from its class with `_ReadableSignature` first."""
    view_class = getattr(callback, "view_class", None)
    if view_class is None:
        return callback
    checked: Any = type(view_class.__name__, (_ReadableSignature, view_class), {})
    view: Callable[..., HttpResponse] = checked.as_view(**getattr(callback, "view_initkwargs", {}))
    return view


def provider_patterns(provider: str) -> list[URLPattern]:
    """anymail's URLs of `provider` (e.g. mailgun/inbound/, mailgun/tracking/), each rate limited and its JSON
    body checked before anymail parses it (new patterns: anymail's own are left as they are)."""
    from anymail import urls

    own = [p for p in urls.urlpatterns if isinstance(p, URLPattern) and str(p.pattern).lstrip("^").startswith(f"{provider}/")]
    return [URLPattern(p.pattern, throttled(json_body_checked(_readable_signatures(p.callback))), p.default_args, p.name) for p in own]
