"""Helpers of the live tests: an event loop per scenario (the hub's listener stopped at its end), one move."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from asgiref.sync import async_to_sync
from django.test import AsyncClient

from games.models import Game
from live import fanout
from tests.games.helpers import play_random

T = TypeVar("T")


def run(scenario: Callable[[], Awaitable[T]]) -> T:
    """Run an async scenario to its end, then stop this process's listener (its connection closed)."""

    async def scenario_then_stop() -> T:
        try:
            return await scenario()
        finally:
            await fanout.hub().stop()

    return async_to_sync(scenario_then_stop)()


def one_move(game: Game) -> int:
    """Play one legal move in the game through the services (committed); the new version."""
    play_random(game, random.Random(game.version), max_commands=1)
    return game.version


async def next_versions(watch: fanout.Watch, timeout: float = 5.0) -> dict[int, int]:
    """The first versions offered to `watch` within `timeout` seconds (resyncs skipped; {} on a timeout)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while (left := end - loop.time()) > 0:
        pending, _resync = await watch.wait(left)
        if pending:
            return pending
    return {}


async def read_events(stream: Any, count: int, timeout: float = 5.0) -> list[str]:
    """The next `count` non-empty parts (events, comments) of a server-sent event stream."""
    parts: list[str] = []
    iterator = aiter(stream)
    while len(parts) < count:
        chunk = await asyncio.wait_for(anext(iterator), timeout)
        parts.extend(p for p in chunk.decode().split("\n\n") if p.strip())
    return parts


async def signed_in_client(user: Any = None) -> AsyncClient:
    """An async test client, signed in as `user` (None: anonymous)."""
    client = AsyncClient()
    if user is not None:
        await client.aforce_login(user)
    return client
