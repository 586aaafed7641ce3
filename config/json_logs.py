"""Structured logs: with LOG_FORMAT=json every log record is one JSON object on one line (time, level,
logger, message, the fields a call gave in `extra`, and the context of the request or task being served:
its request id). The context lives in a context variable, so each thread and each asyncio task of a
request sees its own (`config.request_log` binds it per request, `config.celery_signals` per task).
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import uuid
from datetime import UTC, datetime
from typing import Any

_CONTEXT: contextvars.ContextVar[dict[str, Any]] = contextvars.ContextVar("pbe_log_context", default={})  # noqa: B039
# A request id taken from a client or a proxy: a short token of safe characters (it goes into every log
# line and header); anything else is replaced by one of ours.
_SANE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@-]{0,99}")
# Every attribute a LogRecord has of itself: what is left after them came from `extra`.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime", "taskName"}


def sane_request_id(value: Any) -> str | None:
    """The value if it may serve as a request id, else None."""
    return value if isinstance(value, str) and _SANE.fullmatch(value) else None


def new_request_id() -> str:
    """A fresh request id."""
    return uuid.uuid4().hex


def bind(**fields: Any) -> contextvars.Token[dict[str, Any]]:
    """Add fields to the log context until `unbind` with the returned token."""
    return _CONTEXT.set({**_CONTEXT.get(), **{k: v for k, v in fields.items() if v not in (None, "")}})


def unbind(token: contextvars.Token[dict[str, Any]]) -> None:
    """Restore the log context of before the matching `bind`."""
    try:
        _CONTEXT.reset(token)
    except ValueError:  # bound in another context (a task's signals in another thread): just clear
        _CONTEXT.set({})


def current_request_id() -> str:
    """The request id of the request or task this code works for ("" outside of both)."""
    return str(_CONTEXT.get().get("request_id", ""))


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            **_CONTEXT.get(),
        }
        entry.update({key: value for key, value in vars(record).items() if key not in _STANDARD})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def logging_config(log_format: str, level: str, requests_level: str) -> dict[str, Any]:
    """The LOGGING setting: text lines (the default) or JSON lines (`log_format` "json") on stderr."""
    formatter = {"()": "config.json_logs.JsonFormatter"} if log_format == "json" else {
        "format": "%(asctime)s %(levelname)s %(name)s %(message)s"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "main"}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {"django.server": {"level": requests_level}, "pbe.requests": {"level": requests_level}},
    }
