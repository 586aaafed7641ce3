"""`GET /metrics`: the Prometheus metrics, for the addresses in METRICS_ALLOWED_IPS or a request with
`Authorization: Bearer <METRICS_TOKEN>`; others get a 403.

Besides the counters of `core.metrics`, read from the database when scraped (a few indexed queries, as
`/healthz` runs): the outbox's backlog (rows pending, failed) and the age of its longest-waiting due mail,
and the active games whose deadline has passed and was not yet enforced.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterator

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from games.deadlines.sweep import due_games
from notifications.delivery import oldest_due
from notifications.models import Outbox


class DatabaseCollector(Collector):
    """The figures the database holds, read at each scrape."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        now = timezone.now()
        backlog = GaugeMetricFamily("pbe_outbox_backlog", "Outbox rows by status (pending: to be sent).",
                                    labels=["status"])
        for status in (Outbox.Status.PENDING, Outbox.Status.FAILED):
            backlog.add_metric([str(status)], Outbox.objects.filter(status=status).count())
        yield backlog
        due = oldest_due(now)
        yield GaugeMetricFamily("pbe_outbox_oldest_due_seconds", "How long the longest-waiting due mail has waited.",
                                value=max((now - due).total_seconds(), 0.0) if due is not None else 0.0)
        yield GaugeMetricFamily("pbe_deadlines_overdue", "Active games whose deadline passed and is not yet enforced.",
                                value=due_games(now).count())


def allowed(request: HttpRequest) -> bool:
    """Whether the request may read the metrics: the token, or an allowed address."""
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "")
    if token and hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return True
    return request.META.get("REMOTE_ADDR", "") in settings.METRICS_ALLOWED_IPS


@never_cache
@require_safe
def metrics(request: HttpRequest) -> HttpResponse:
    """The metrics in Prometheus' text format."""
    if not allowed(request):
        return HttpResponse("Metrics are for the monitoring's address or token only.\n", status=403,
                            content_type="text/plain; charset=utf-8")
    if settings.METRICS_MULTIPROC_DIR:
        registry = CollectorRegistry()
        MultiProcessCollector(registry, path=settings.METRICS_MULTIPROC_DIR)  # type: ignore[no-untyped-call]
    else:
        registry = REGISTRY
    text = generate_latest(registry) + generate_latest(_database_registry())
    return HttpResponse(text, content_type=CONTENT_TYPE_LATEST)


def _database_registry() -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(DatabaseCollector())
    return registry
