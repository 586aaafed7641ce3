"""The service's Prometheus metrics that are counted as things happen, in the process that does them: the
requests (by view, method and status) and their latency, the commands applied (by game kind and by whom),
the commands refused (by code), the Celery tasks run (by name and outcome, counted in the worker by
`config.celery_signals`) and the open live-update streams (a gauge, `live.streams`). The ones read from the
database when scraped (the outbox's backlog and age, overdue deadlines) and the `/metrics` view are in
`operations.metrics_view`.

The worker is another process than the web, so a count made there must reach the web's scrape: set
PROMETHEUS_MULTIPROC_DIR to an empty folder shared by the web and the worker processes (deploy/ clears it
at each start); prometheus_client then keeps each process's counts in memory-mapped files there and the
view adds them up. Chosen over counting into PostgreSQL or Redis because it costs the counting process
least (measured on the development machine: 4 us per increment into the file, 2.6 us in memory alone,
84 us for an UPDATE of a counter row in PostgreSQL, 124 us for a Redis HINCRBY, each a round trip that a
busy worker would pay per task and that would serialise on one row); the price is that the web and the
workers share one machine (or one folder), as deploy/ runs them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from prometheus_client import Counter, Gauge, Histogram

REQUESTS = Counter("pbe_http_requests", "HTTP requests answered, by view, method and status.",
                   ["view", "method", "status"])
LATENCY = Histogram("pbe_http_request_duration_seconds", "Time to answer a request, by view.", ["view"],
                    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
COMMANDS = Counter("pbe_commands", "Commands applied to games (committed), by game kind and by whom "
                   "(a player, or the service for a passed deadline).", ["kind", "by"])
REFUSALS = Counter("pbe_refusals", "Players' commands refused, by code.", ["code"])
TASKS = Counter("pbe_celery_tasks", "Celery tasks run, by task name and outcome (success, failure, retry).",
                ["task", "outcome"])
# livesum: with several web processes, the sum over the living ones (a stopped process's streams are closed).
LIVE_CONNECTIONS = Gauge("pbe_live_connections", "Open live-update streams (server-sent events), by stream "
                         "(a game's page, a watch link, the lobby).", ["stream"], multiprocess_mode="livesum")


def view_name(request: HttpRequest) -> str:
    """The view a request reached, by its URL name (never the path: ids would make a series each)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return "<unresolved>"
    return str(match.view_name or match._func_path)


class RequestMetricsMiddleware:
    """Counts each answered request and times it (outermost, so that every answer is counted)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        view = view_name(request)
        LATENCY.labels(view).observe(time.perf_counter() - started)
        REQUESTS.labels(view, request.method or "", str(response.status_code)).inc()
        return response
