"""The service worker, served from the site's root so that its scope is the whole site."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

WORKER = Path(__file__).resolve().parent / "static" / "alerts" / "sw.js"


@cache
def _worker_source() -> bytes:
    return WORKER.read_bytes()


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """`/sw.js`: shows each push as a notification and opens its game on a click. Not cached long, so a new
    version reaches the browsers soon."""
    response = HttpResponse(_worker_source(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
