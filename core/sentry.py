"""Error reports to Sentry, when SENTRY_DSN is set (config/settings.py calls `init_sentry`): sentry-sdk with
its Django and Celery integrations, so an exception in a view, a task or a log record at ERROR reaches the
operator's Sentry with the request's id as a tag; no personal data (`send_default_pii` off: no user's
address, no cookies, no request body)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sentry_sdk._types import Event


def init_sentry(dsn: str, *, environment: str, traces_sample_rate: float) -> None:
    """Start the SDK in this process (web or worker: both read the settings)."""
    # Imported here: a site without Sentry never loads the SDK.
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        # No `send_default_pii`: its default, off, sends no personal data (and sentry-sdk 2.5x warns when it
        # is given at all, in favour of `data_collection`, whose default is the same).
        traces_sample_rate=traces_sample_rate,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        before_send=_tag_request_id,
    )


def _tag_request_id(event: Event, hint: dict[str, Any]) -> Event:
    """Tag the event with the request id of the logs, so a report and its log lines find each other."""
    from core.json_logs import current_request_id

    request_id = current_request_id()
    if request_id:
        event.setdefault("tags", {})["request_id"] = request_id
    return event
