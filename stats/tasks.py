"""Celery tasks of the stats app: thin wrappers around its services."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from .open_record import write_open_record


@shared_task(name="stats.write_open_record")
def write_open_record_task() -> dict[str, Any]:
    """Once a month (the beat's `write-open-record`): the open record, written again in full."""
    written = write_open_record()
    return {"path": str(written.path), "games": written.games, "sha256": written.sha256}
