"""Running calls at the same moment in threads, each with its own database connection (the race tests)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def race(calls: list[Callable[[], Any]], timeout: float = 120.0) -> list[Any]:
    """Run the calls at the same moment in threads; return each one's result or exception."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = calls[index]()
        except Exception as error:  # each outcome is inspected by the test
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    return results
