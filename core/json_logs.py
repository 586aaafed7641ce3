"""Structured logs: with LOG_FORMAT=json every log record is one JSON object on one line (time, level,
logger, message, the fields a call gave in `extra`, and the context of the request or task being served:
its request id). The secrets of the site's links (a watch token, ...) are masked in every line, JSON or text
(`core.log_secrets`). The context lives in a context variable, so each thread and each asyncio task of a
request sees its own (`core.request_log` binds it per request, `config.celery_signals` per task).
"""

from __future__ import annotations

import contextvars
import json
import logging
import os
import re
import uuid
from datetime import UTC, datetime
from typing import Any

from core.log_secrets import mask

_CONTEXT: contextvars.ContextVar[dict[str, Any]] = contextvars.ContextVar("pbe_log_context", default={})  # noqa: B039
# A request id taken from a client or a proxy: a short token of safe characters (it goes into every log
# line and header); anything else is replaced by one of ours.
_SANE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@-]{0,99}")
# Every attribute a LogRecord has of itself: what is left after them came from `extra`.
# uvicorn's `color_message` is its message with terminal colours: not for a JSON line.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime", "taskName", "color_message"}


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
        # Masked as a whole: the path, the message, the request Django's lines carry, a traceback.
        return mask(json.dumps(entry, default=str, ensure_ascii=False))


class TextFormatter(logging.Formatter):
    """The text lines (LOG_FORMAT=text), with the links' secrets masked as in the JSON lines."""

    def format(self, record: logging.LogRecord) -> str:
        return mask(super().format(record))


class MaskingFormatter(logging.Formatter):
    """Another formatter's lines with the links' secrets masked (the web servers' own text lines)."""

    def __init__(self, inner: logging.Formatter) -> None:
        super().__init__()
        self.inner = inner

    def format(self, record: logging.LogRecord) -> str:
        return mask(self.inner.format(record))


# The web servers' own text lines, as they write them unconfigured (LOG_FORMAT=text).
_SERVER_TEXT: dict[str, tuple[str, str | None]] = {
    "uvicorn": ("%(levelprefix)s %(message)s", None),
    "uvicorn.access": ('%(levelprefix)s %(client_addr)s - "%(request_line)s" %(status_code)s', None),
    "gunicorn": ("%(asctime)s [%(process)d] [%(levelname)s] %(message)s", "[%Y-%m-%d %H:%M:%S %z]"),
}


def server_formatter(kind: str = "uvicorn") -> logging.Formatter:
    """The formatter of a web server's own loggers (deploy/server-logging.json, read by uvicorn's
    `--log-config` and gunicorn's `--log-config-json` before Django is loaded): JSON lines when the
    settings say LOG_FORMAT=json, as the site's own lines; else the server's usual text. Secrets masked.
    The settings are read here, before the application is loaded (uvicorn's supervisor never loads it)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    if settings.LOG_FORMAT == "json":
        return JsonFormatter()
    fmt, datefmt = _SERVER_TEXT[kind]
    if kind.startswith("uvicorn"):
        from uvicorn.logging import AccessFormatter, DefaultFormatter

        return MaskingFormatter((AccessFormatter if kind == "uvicorn.access" else DefaultFormatter)(fmt))
    return MaskingFormatter(logging.Formatter(fmt, datefmt))


def logging_config(log_format: str, level: str, requests_level: str) -> dict[str, Any]:
    """The LOGGING setting: text lines (the default) or JSON lines (`log_format` "json") on stderr."""
    formatter = {"()": "core.json_logs.JsonFormatter"} if log_format == "json" else {
        "()": "core.json_logs.TextFormatter", "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "main"}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {"django.server": {"level": requests_level}, "pbe.requests": {"level": requests_level}},
    }
