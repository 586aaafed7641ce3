"""The live streams' tests: each on a notification channel of its own, with short polls and keep-alives."""

from __future__ import annotations

import uuid
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _fast(settings: Any) -> None:
    settings.LIVE_CHANNEL = f"live_test_{uuid.uuid4().hex[:12]}"
    settings.LIVE_POLL_SECONDS = 0.1
    settings.LIVE_KEEPALIVE_SECONDS = 0.3
