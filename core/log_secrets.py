"""Secrets out of the log lines: the tokens of the site's links (watch, invite, verification, password reset,
deletion, export, unsubscribe) are masked wherever a line names such a path: the request log's `path`,
Django's "Not Found: ..." lines and the request they carry, the web servers' access lines, a traceback. The
rest of the path is kept, so a line still tells which link was used.

Which path segments are secrets is read from the URL patterns themselves: every parameter whose name says
token, key, secret or signature (`SECRET_NAMES`), so a new link pattern is covered by naming its parameter so.
A query value of such a name (`?token=...`, `?sig=...`) is masked too. The patterns are read once the apps
are loaded (before, no request is served, and only query values are masked).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

MASK = "***"
SECRET_NAMES = re.compile(r"token|key|secret|signature|sig\b", re.IGNORECASE)
# A query parameter whose name ends in one of those words, e.g. `token=`, `access_token=`, `sig=`.
_QUERY = re.compile(r"(?<=[?&])([A-Za-z_]*(?:token|key|secret|signature|sig))=([^&#\s\"'\\]+)", re.IGNORECASE)
# Where a path may start in a line: at its start, after a space, a quote or `=`, or after `scheme://host`.
_START = r"(?:^|(?<=[\s\"'(=<]))(?:[A-Za-z][A-Za-z0-9+.-]*://[^/\s\"']+)?/"
_SEGMENT = r"[^/?#\s\"'\\]+"
_PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")

_paths: re.Pattern[str] | None = None
_paths_read = False


def secret_routes() -> list[str]:
    """The routes (e.g. `games/watch/<str:token>/`) of every URL pattern with a secret parameter."""
    from django.urls import get_resolver

    return [route for route in _routes(get_resolver().url_patterns, "")
            if any(SECRET_NAMES.search(m.group("name")) for m in _PARAMETER.finditer(route))]


def _routes(patterns: Any, prefix: str) -> Iterator[str]:
    from django.urls import URLResolver
    from django.urls.resolvers import RoutePattern

    for entry in patterns:
        if not isinstance(entry.pattern, RoutePattern):
            continue  # regex patterns (the admin's, the API's catch-all) take no secret
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, prefix + str(entry.pattern))
        else:
            yield prefix + str(entry.pattern)


def route_regex(route: str) -> str:
    """A regex matching the paths of `route` up to its last secret parameter, each secret one a group."""
    parts: list[str] = []
    position = 0
    last_secret = max(m.end() for m in _PARAMETER.finditer(route) if SECRET_NAMES.search(m.group("name")))
    for match in _PARAMETER.finditer(route[:last_secret]):
        parts.append(re.escape(route[position:match.start()]))
        parts.append(f"({_SEGMENT})" if SECRET_NAMES.search(match.group("name")) else _SEGMENT)
        position = match.end()
    return "".join(parts)


def _path_pattern() -> re.Pattern[str] | None:
    """One regex of all secret routes, read from the URL patterns once the apps are ready."""
    global _paths, _paths_read
    if _paths_read:
        return _paths
    from django.apps import apps

    if not apps.ready:
        return None
    _paths_read = True
    try:
        routes = sorted(set(secret_routes()))
    except Exception:  # noqa: BLE001 - a broken URL conf must not break logging; its error shows elsewhere
        return None
    if routes:
        _paths = re.compile(_START + "(?:" + "|".join(route_regex(route) for route in routes) + ")")
    return _paths


def _masked_groups(match: re.Match[str]) -> str:
    text = match.group(0)
    start = match.start()
    for index in range(len(match.groups()), 0, -1):  # from the right: earlier offsets stay valid
        if match.group(index) is not None:
            begin, end = match.span(index)
            text = text[:begin - start] + MASK + text[end - start:]
    return text


def mask(text: str) -> str:
    """`text` with the secrets of any site path and any secret query value in it masked."""
    if "/" not in text and "=" not in text:
        return text
    pattern = _path_pattern()
    if pattern is not None:
        text = pattern.sub(_masked_groups, text)
    return _QUERY.sub(lambda m: f"{m.group(1)}={MASK}", text)
