"""`/calendar/<token>/deadlines.ics`: a player's feed for calendar apps. The token is the only credential (no session,
no cookie is read or set); an unknown, renewed or ended address is a plain 404, the same for each.

Calendar apps poll: the answer has an ETag and a Last-Modified (a 304 while nothing changed), is cached
by nobody but the client (`private`: the address is a secret) and is rate limited per feed (and, for
unknown addresses, per client), in the budget `calendar_feed` of REST_FRAMEWORK's DEFAULT_THROTTLE_RATES.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.http import http_date, parse_etags, parse_http_date_safe
from django.views.decorators.http import require_safe

from core import throttles

from . import services

THROTTLE_SCOPE = "calendar_feed"
# The rate when the settings name none for the scope: Apple's calendar polls every 5 minutes at its most
# eager, Google and Outlook every few hours; this leaves room for several devices on one feed.
DEFAULT_RATE = "120/hour"
CACHE_SECONDS = 15 * 60


class FeedRate(throttles.RateCount):
    """The polls of one feed (or one client's unknown addresses) under the scope's rate."""

    def get_rate(self) -> str:
        rates: dict[str, str] = settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {})
        return rates.get(THROTTLE_SCOPE) or DEFAULT_RATE


@require_safe
def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The feed of the player this token names (GET or HEAD)."""
    found = services.feed_of_token(token)
    ident = f"feed-{found.pk}" if found is not None else "unknown-" + throttles.client_ident(request)
    count = FeedRate(THROTTLE_SCOPE, ident)
    if not count.allow_request(request, None):  # type: ignore[arg-type]
        wait = max(1, int(count.wait() or 1))
        return HttpResponse("Too many requests.\n", status=429, content_type="text/plain; charset=utf-8",
                            headers={"Retry-After": str(wait)})
    if found is None:
        raise Http404("no such calendar")
    served = services.serve(found)
    headers = {"ETag": served.etag, "Last-Modified": http_date(served.changed_at.timestamp())}
    if _not_modified(request, served.etag, int(served.changed_at.timestamp())):
        response: HttpResponse = HttpResponseNotModified(headers=headers)
    else:
        response = HttpResponse(served.text, content_type="text/calendar; charset=utf-8", headers={
            **headers, "Content-Disposition": 'inline; filename="deadlines.ics"', "Content-Language": served.language,
            # The feed's own address must not leak to the pages its links open, nor be indexed.
            "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow",
        })
    patch_cache_control(response, private=True, max_age=CACHE_SECONDS)
    return response


def _not_modified(request: HttpRequest, etag: str, changed_at: int) -> bool:
    """Whether the client's copy is current (RFC 9110 13.2.2: If-None-Match decides when it is sent)."""
    if "HTTP_IF_NONE_MATCH" in request.META:
        sent = parse_etags(request.META["HTTP_IF_NONE_MATCH"])
        return "*" in sent or _weak_equal(etag, sent)
    since = parse_http_date_safe(request.META.get("HTTP_IF_MODIFIED_SINCE", ""))
    return since is not None and changed_at <= since


def _weak_equal(etag: str, sent: list[str]) -> bool:
    """The weak comparison of GET's If-None-Match: W/"x" matches "x" (a proxy that compressed the answer)."""
    return etag.removeprefix("W/") in {tag.removeprefix("W/") for tag in sent}

