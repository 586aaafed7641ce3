"""Rate limits outside DRF's views (the web forms, the mail webhooks), counted as DRF's throttles count.

One rate is a scope of REST_FRAMEWORK's DEFAULT_THROTTLE_RATES (e.g. "5/min"), read at each use so a
deployment or a test may change it; the counts live in the default cache like those of the API's
throttles (shared between processes with REDIS_CACHE_URL). A client is named as DRF names it (its address,
X-Forwarded-For behind NUM_PROXIES proxies), so counting a scope per client here shares the budget of the
API's `ScopedRateThrottle` of the same scope.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle


class RateCount(SimpleRateThrottle):
    """The attempts of one key (`ident`) under one scope's rate."""

    def __init__(self, scope: str, ident: str) -> None:
        self.scope = scope
        self.ident = ident
        super().__init__()

    def get_rate(self) -> str:
        rates: dict[str, str] = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        return rates[str(self.scope)]

    def get_cache_key(self, request: Any, view: Any) -> str:
        return str(self.cache_format % {"scope": self.scope, "ident": self.ident})


def client_ident(request: HttpRequest) -> str:
    """The client as DRF's throttles name an anonymous one (the key the API counts it under)."""
    return str(BaseThrottle().get_ident(request))  # type: ignore[arg-type]


def user_ident(user_id: int) -> str:
    """A signed-in player as DRF's `ScopedRateThrottle` names one (its id): a form counting a scope under
    this key shares the API's budget of that scope for the same account."""
    return str(user_id)


def account_ident(account: str) -> str:
    """An account name (an email address) as a key: case-blind, and no address in the cache."""
    return "account-" + hashlib.sha256(account.strip().casefold().encode()).hexdigest()[:32]


def attempt(request: HttpRequest, scope: str, idents: list[str]) -> int | None:
    """Count one attempt under `scope` for each key; None when every key is within the rate, else the
    whole seconds (at least 1) until the attempt may be made again (the longest wait of the keys over it)."""
    waits = []
    for ident in idents:
        count = RateCount(scope, ident)
        if not count.allow_request(request, None):  # type: ignore[arg-type]
            waits.append(max(1, math.ceil(count.wait() or 1)))
    return max(waits) if waits else None
