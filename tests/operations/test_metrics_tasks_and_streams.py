"""/metrics during a test game: the Celery tasks run (by name and outcome: success, failure, retry, counted
by the signals where the task ran) and the open live-update streams (a gauge that rises while a page's
stream is open and falls when it closes). The counts across processes (a real worker, the web under
uvicorn, PROMETHEUS_MULTIPROC_DIR) are shown by tests/deploy/test_deployment.py."""

from __future__ import annotations

import asyncio
import uuid
from contextlib import suppress
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from celery import current_app
from django.test import AsyncClient

from tests.games.helpers import started_game
from tests.live.helpers import one_move, read_events, run
from tests.operations.test_metrics import scrape, value


@current_app.task(name="tests.metrics_ok")
def _ok() -> str:
    return "done"


@current_app.task(name="tests.metrics_fails")
def _fails() -> None:
    raise RuntimeError("this task fails on purpose")


@current_app.task(name="tests.metrics_retries", bind=True, max_retries=1)
def _retries(self: Any) -> str:
    if self.request.retries == 0:
        raise self.retry(countdown=0)
    return "done at last"


@pytest.mark.django_db
def test_the_scrape_counts_the_tasks_by_outcome() -> None:
    before = scrape()
    _ok.apply()
    _ok.apply()
    assert _fails.apply().failed()
    assert _retries.apply().get() == "done at last"
    after = scrape()

    def delta(task: str, outcome: str) -> float:
        labels = {"task": task, "outcome": outcome}
        return value(after, "pbe_celery_tasks_total", **labels) - value(before, "pbe_celery_tasks_total", **labels)

    assert delta("tests.metrics_ok", "success") == 2
    assert delta("tests.metrics_fails", "failure") == 1 and delta("tests.metrics_fails", "success") == 0
    assert delta("tests.metrics_retries", "retry") == 1 and delta("tests.metrics_retries", "success") == 1


async def hang_up(stream: Any) -> None:
    """Leave a stream as the server does when its browser goes: the read waiting in it is cancelled (closing
    the test client's wrapper alone would leave the view's generator to the garbage collector)."""
    reader = asyncio.ensure_future(anext(aiter(stream)))
    await asyncio.sleep(0.05)
    reader.cancel()
    with suppress(asyncio.CancelledError, StopAsyncIteration):
        await reader


@pytest.mark.django_db(transaction=True)
def test_the_open_live_streams_are_a_gauge(make_user: Any, settings: Any) -> None:
    settings.LIVE_CHANNEL = f"live_test_{uuid.uuid4().hex[:12]}"
    settings.LIVE_POLL_SECONDS = 0.1
    settings.LIVE_KEEPALIVE_SECONDS = 0.3
    game = started_game([make_user(), make_user()])

    def open_streams() -> float:
        return value(scrape(), "pbe_live_connections", stream="game")

    async def scenario() -> tuple[float, float, float, float]:
        before = await sync_to_async(open_streams)()
        first = (await AsyncClient().get(f"/games/{game.pk}/live")).streaming_content
        second = (await AsyncClient().get(f"/games/{game.pk}/live")).streaming_content
        await read_events(first, 1)  # a stream counts once it runs
        await read_events(second, 1)
        both = await sync_to_async(open_streams)()
        await sync_to_async(one_move)(game)
        await read_events(first, 1)
        await hang_up(first)
        one = await sync_to_async(open_streams)()
        await hang_up(second)
        return before, both, one, await sync_to_async(open_streams)()

    before, both, one, none = run(scenario)
    assert (both - before, one - before, none - before) == (2, 1, 0)
