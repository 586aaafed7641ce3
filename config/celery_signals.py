"""What Celery's signals feed, connected once by `config.celery`: the task counts of /metrics (in the worker
process, where the task ran: `core.metrics.TASKS`) and one JSON log line per task carrying the request id
of the web request that started it (`core.json_logs`).

The request id travels in the task message's headers: `before_task_publish` runs in the process that sends
the task (a request's thread, or a worker whose task starts another) and writes the id it is working for;
`task_prerun` in the worker takes it into the log context for the task's run, `task_postrun` writes the line.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import signals

from core import json_logs
from core.metrics import TASKS

logger = logging.getLogger("pbe.tasks")
HEADER = "pbe_request_id"
# Start time and the log context's tokens of each running task, by task id (a worker may run several).
_running: dict[str, tuple[float, Any]] = {}


def _name(sender: Any) -> str:
    return str(getattr(sender, "name", None) or sender or "<unknown>")


def count_success(sender: Any = None, **_: Any) -> None:
    """task_success: one more task of this name done."""
    TASKS.labels(_name(sender), "success").inc()


def count_failure(sender: Any = None, **_: Any) -> None:
    """task_failure: the task raised (and will not be retried)."""
    TASKS.labels(_name(sender), "failure").inc()


def count_retry(sender: Any = None, **_: Any) -> None:
    """task_retry: the task asked to run again later."""
    TASKS.labels(_name(sender), "retry").inc()


def add_request_id(headers: dict[str, Any] | None = None, **_: Any) -> None:
    """before_task_publish: the request id the sending code works for goes with the message."""
    request_id = json_logs.current_request_id()
    if headers is not None and request_id:
        headers[HEADER] = request_id


def task_request_id(task: Any) -> str:
    """The request id a task's message carries (Celery puts custom headers on the task's request; older
    protocols keep them under `headers`)."""
    request = getattr(task, "request", None)
    found = getattr(request, HEADER, None) or (getattr(request, "headers", None) or {}).get(HEADER)
    return json_logs.sane_request_id(found) or ""


def start_task(task_id: str = "", task: Any = None, **_: Any) -> None:
    """task_prerun: the task's request id becomes the log context of its run."""
    token = json_logs.bind(request_id=task_request_id(task))
    _running[task_id] = (time.perf_counter(), token)


def end_task(task_id: str = "", task: Any = None, state: str | None = None, **_: Any) -> None:
    """task_postrun: one log line for the task (name, id, outcome, duration, request id)."""
    started, token = _running.pop(task_id, (None, None))
    duration = time.perf_counter() - started if started is not None else None
    logger.info("task %s %s", _name(task), state or "", extra={
        "task": _name(task), "task_id": task_id, "outcome": (state or "").lower(),
        "duration_ms": round(duration * 1000, 1) if duration is not None else None,
    })
    if token is not None:
        json_logs.unbind(token)


def connect() -> None:
    """Connect the handlers (strong references: they live as long as the process)."""
    signals.task_success.connect(count_success, weak=False)
    signals.task_failure.connect(count_failure, weak=False)
    signals.task_retry.connect(count_retry, weak=False)
    signals.before_task_publish.connect(add_request_id, weak=False)
    signals.task_prerun.connect(start_task, weak=False)
    signals.task_postrun.connect(end_task, weak=False)
