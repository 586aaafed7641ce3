"""The links' secrets stay out of the logs (issue 35, point 2): every URL pattern of the site that carries a
secret (read from the URL patterns, all apps) is requested through HTTP from the server of `make run`
(uvicorn, its access log on) with LOG_FORMAT=json, and nothing it wrote names the token: its request line
keeps the path with the token masked, and so do Django's "Not Found" lines and uvicorn's access lines."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from core.log_secrets import MASK, mask

from . import servers

pytestmark = pytest.mark.django_db(transaction=True)

# Every path parameter of the site that is not an int, by what it is: a secret (masked in the logs) or not.
SECRET = {"token"}
PUBLIC = {"kind_name", "kind", "card_id", "uidb64", "object_id", "id", "content_type_id", "app_label", "url"}
_PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>|\(\?P<(?P<group>[^>]+)>")


def routes(patterns: Any = None, prefix: str = "") -> Iterator[str]:
    """Every URL pattern of the site, as its full route (regex parts as they are)."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def secret_routes() -> list[str]:
    """The routes with a secret parameter; an unknown parameter name fails here, to be sorted in above."""
    found = []
    for route in routes():
        names = {m.group("name") or m.group("group") for m in _PARAMETER.finditer(route)
                 if m.group("converter") != "int"}
        assert names <= SECRET | PUBLIC, f"{route}: is {names - SECRET - PUBLIC} a secret? sort it in above"
        if names & SECRET:
            found.append(route)
    return found


def token() -> str:
    """A fresh token of the shapes the site's links carry (signed: value:timestamp:signature)."""
    return f"eyJ1IjoxN{secrets.token_urlsafe(12)}:1tQx{secrets.token_hex(3)}:{secrets.token_urlsafe(20)}"


def concrete(route: str, secret: str) -> tuple[str, str]:
    """The URL of `route` with `secret` for its token, and what its log line must show instead."""
    def fill(value: str) -> str:
        return _PARAMETER.sub(lambda m: value if m.group("name") in SECRET else ("7" if m.group("converter") == "int"
                                                                                 else "MQ"), route)
    return "/" + fill(secret), "/" + fill(MASK)


@pytest.fixture(scope="module")
def uvicorn(tmp_path_factory: pytest.TempPathFactory, django_db_setup: None) -> Iterator[servers.Server]:
    """uvicorn as `make run` starts it (access log on), with LOG_FORMAT=json."""
    running = servers.start("uvicorn", tmp_path_factory.mktemp("logs"), LOG_FORMAT="json")
    try:
        yield running
    finally:
        running.stop()


def test_the_secret_routes_are_the_links_with_tokens() -> None:
    found = secret_routes()
    for expected in ("games/watch/<str:token>/", "games/invite/<str:token>/", "accounts/verify/<str:token>/",
                     "accounts/reset/<uidb64>/<token>/", "accounts/delete/<str:token>/",
                     "accounts/export/<str:token>/", "notifications/unsubscribe/<str:token>/"):
        assert expected in found


def test_no_log_line_names_a_links_token(uvicorn: servers.Server) -> None:
    sent = {}
    for route in secret_routes():
        secret = token()
        url, logged = concrete(route, secret)
        for method in ("GET", "POST"):
            status, _headers, _body = servers.raw_request(uvicorn.port, method, url, {"Accept": "text/html"})
            assert status < 500, (method, url, status)
        sent[secret] = logged
        # Past the pattern (a missing slash, more after it) and in a query, the token is still masked.
        extra = token()
        servers.raw_request(uvicorn.port, "GET", f"{url}x/y?token={extra}&at=3")
        sent[extra] = f"?token={MASK}&at=3"
    output = uvicorn.output()
    leaked = [secret for secret in sent if secret in output or secret.split(":")[-1] in output]
    assert not leaked, [line for line in output.splitlines() if any(s in line for s in leaked)][:5]
    lines = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    paths = {line.get("path") for line in lines if line.get("logger") == "pbe.requests"}
    for logged in sent.values():
        if not logged.startswith("?"):
            assert logged in paths, (logged, sorted(p for p in paths if p)[:20])
    assert any(f"?token={MASK}&at=3" in json.dumps(line) for line in lines)


def test_mask_keeps_the_rest_of_a_line() -> None:
    secret = token()
    line = f"GET https://play.example.org/games/watch/{secret}/history?at=4 and /api/accounts/verify/resend"
    assert mask(line) == f"GET https://play.example.org/games/watch/{MASK}/history?at=4 and /api/accounts/verify/resend"
    assert mask(f"/games/7/history?sig={secret}&x=1") == f"/games/7/history?sig={MASK}&x=1"
    assert mask("/rules/citadels/great_wall/ /games/12/history /api/games/12/commands") == (
        "/rules/citadels/great_wall/ /games/12/history /api/games/12/commands")
