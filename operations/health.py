"""`GET /healthz`: is this web process able to serve, and is the service behind it keeping up?

For the load balancer and for monitoring: JSON, no authentication, nothing secret (an error is named by its
class only; the details go to the log), a handful of indexed queries.

* `database`: reachable (`SELECT 1`). Without it nothing can be served: status `down`, HTTP 503, and the
  load balancer takes this process out.
* `broker`: the Celery broker accepts a connection (one connect, `HEALTH_BROKER_TIMEOUT` seconds at most).
* `outbox`: since when the longest-waiting mail has been due; more than `HEALTH_OUTBOX_LAG_MINUTES` means the
  delivery workers or the outbox sweep are not running. `failed` (mails given up, `manage.py outbox`) is shown
  but does not count against health: it needs an operator, not a restart.
* `deadlines`: active games whose deadline passed more than `HEALTH_DEADLINE_LAG_MINUTES` ago and were not
  enforced: the beat or the deadline sweep is not running.

A broker, outbox or deadline problem is status `degraded` with HTTP 200: the pages and the API still work
(their mails and deadlines catch up once the workers are back), and a load balancer that took every web
process out for it would turn a late mail into an outage. Monitors that only read the HTTP status ask
`/healthz?strict=1`, which answers 503 to `degraded` too.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from kombu import Connection

from games.deadlines.sweep import due_games
from notifications.delivery import oldest_due
from notifications.models import Outbox

log = logging.getLogger(__name__)

Check = dict[str, Any]


def database() -> Check:
    """The database answers a trivial query."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"ok": True}


def broker() -> Check:
    """The Celery broker accepts a connection (no retry: a probe must answer quickly)."""
    timeout = float(settings.HEALTH_BROKER_TIMEOUT)
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=timeout, transport_options=options) as conn:
            conn.ensure_connection(max_retries=0)
    except Exception as error:  # any failure to connect is the answer; its text may name hosts, so only the class
        log.warning("health: the broker is unreachable: %s", error)
        return {"ok": False, "error": type(error).__name__}
    return {"ok": True}


def outbox(now: datetime) -> Check:
    """How late the mail delivery is, and how many mails were given up."""
    limit = timedelta(minutes=float(settings.HEALTH_OUTBOX_LAG_MINUTES))
    due = oldest_due(now)
    late = max((now - due).total_seconds(), 0.0) if due is not None else 0.0
    failed = Outbox.objects.filter(status=Outbox.Status.FAILED).count()
    return {"ok": late <= limit.total_seconds(), "oldest_due_seconds": int(late),
            "limit_seconds": int(limit.total_seconds()), "failed": failed}


def deadlines(now: datetime) -> Check:
    """How many passed deadlines the sweep has not enforced within the grace time."""
    grace = timedelta(minutes=float(settings.HEALTH_DEADLINE_LAG_MINUTES))
    overdue = due_games(now - grace).count()
    return {"ok": overdue == 0, "overdue": overdue, "grace_seconds": int(grace.total_seconds())}


def report(now: datetime | None = None) -> Check:
    """Every check, and the overall status: `ok`, `degraded` (a check failed) or `down` (no database)."""
    now = now or timezone.now()
    checks: dict[str, Check] = {}
    try:
        checks["database"] = database()
        checks["outbox"] = outbox(now)
        checks["deadlines"] = deadlines(now)
    except DatabaseError as error:
        log.error("health: the database is unreachable: %s", error)
        return {"status": "down", "checks": {"database": {"ok": False, "error": type(error).__name__},
                                             "broker": broker()}}
    checks["broker"] = broker()
    status = "ok" if all(check["ok"] for check in checks.values()) else "degraded"
    return {"status": status, "checks": checks}


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """The health report; 503 when down (or, with `?strict=1`, when degraded)."""
    body = report()
    strict = request.GET.get("strict", "") not in ("", "0")
    failing = body["status"] == "down" or (strict and body["status"] != "ok")
    return JsonResponse(body, status=503 if failing else 200)
