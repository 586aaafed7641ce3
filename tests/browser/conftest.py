"""Headless Chromium for the browser tests of the game page, driven by Playwright.

The browser is Debian's Chromium at /usr/bin/chromium (Playwright's own browser download does not work
on the CI machines). A missing browser or Playwright is a failure, never a skip: `.ci/run` must install
them (apt-get install -y chromium; pip install playwright through the dev extras).

Playwright's sync API runs an asyncio loop in the test's thread, which makes Django's ORM refuse to run
there (SynchronousOnlyOperation). Each test module therefore starts and stops its own Playwright and
Chromium (a start costs about a CPU second, once per module instead of once per test), with
DJANGO_ALLOW_ASYNC_UNSAFE set only while the module runs: every test of this folder uses the browser,
pytest tears a module's fixtures down before the next module's tests (xdist too), so no loop outlives
the browser tests and the other tests of the same worker keep Django's check. Each test closes the
browser contexts (tabs, cookies, live polls) it opened; the database connections opened meanwhile are
closed before the loop stops (see `_chromium`).

The pages are served as production serves them: `live_server` here is uvicorn running `config.asgi` (the
ASGI server and application of `make run` and deploy/), not pytest-django's threaded WSGI server, so the
tables' live streams, the static files (WhiteNoise) and every page go through the production stack.
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # A name that is not localhost, for the test of the page on a plain-http host (not a secure context).
    "--host-resolver-rules=MAP citadels.test 127.0.0.1",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "var" / "screenshots"


class AsgiLiveServer:
    """uvicorn serving `config.asgi` in a thread of this process (so on the test database), as pytest-django's
    live server does with WSGI; `url` is its address. `_live_server_modified_settings` is what
    pytest-django's `_live_server_helper` switches on around each test that uses `live_server`."""

    def __init__(self) -> None:
        import uvicorn
        from django.test.utils import modify_settings

        from config.asgi import application

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self._live_server_modified_settings = modify_settings(ALLOWED_HOSTS={"append": "127.0.0.1"})
        self.server = uvicorn.Server(uvicorn.Config(application, host="127.0.0.1", port=port, log_level="warning",
                                                    lifespan="off", timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        assert self.server.started, "uvicorn did not start"

    def stop(self) -> None:
        """Stop the live streams' hub (its listening connection), then the server."""
        from live import fanout

        loop = fanout.hub().loop
        if loop is not None and not loop.is_closed():
            asyncio.run_coroutine_threadsafe(fanout.hub().stop(), loop).result(5)
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="session")
def live_server(django_db_blocker: Any) -> Iterator[AsgiLiveServer]:
    """The site under uvicorn for this worker's browser tests. Each request's database connection is closed at
    its end (CONN_MAX_AGE 0), so none outlives the session, whose end drops the test database; a request
    still running when the server stops (its task cancelled, its thread's connection left open) is ended
    on PostgreSQL's side."""
    connections.settings["default"]["CONN_MAX_AGE"] = 0
    server = AsgiLiveServer()
    try:
        yield server
    finally:
        server.stop()
        connection = connections["default"]
        if connection.vendor == "postgresql":
            with django_db_blocker.unblock(), connection.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                               " WHERE datname = current_database() AND pid <> pg_backend_pid()")


@pytest.fixture(scope="module")
def _chromium() -> Iterator[Any]:
    """A headless Chromium (Playwright `Browser`) for the tests of one module."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's Chromium. "
            "`.ci/run` must install it (apt-get install -y chromium) before `make test`.",
            pytrace=False,
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(
            "The Python package playwright is missing: add it to the dev extras in pyproject.toml "
            "(its browser download is not needed: the tests use /usr/bin/chromium).",
            pytrace=False,
        )
    with pytest.MonkeyPatch.context() as monkeypatch, sync_playwright() as playwright:
        monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()
            # While Playwright's loop runs, the tests' ORM calls get database connections of their own,
            # which Django's connection handling after the loop is gone does not see and never closes; an
            # open one makes PostgreSQL refuse to drop the test database at the end of the session.
            connections.close_all()


@pytest.fixture
def browser(_chromium: Any) -> Iterator[Any]:
    """The module's headless Chromium for one test; the contexts the test opened are closed after it, so
    that none of its pages (their live polls) reaches into the next test."""
    yield _chromium
    for context in _chromium.contexts:
        context.close()


def hold_live_updates(page: Any) -> None:
    """Hold off the game page's live updates (its stream /games/N/live and its poll of /games/N/version) in `page`, as if offline (the page's script
    skips a failed poll). For a test that moves the game elsewhere (through the services or another tab)
    and then drives this page itself: otherwise the poll may reload the page at any moment, and on a slow
    machine that reload races the test's own goto, reload or click."""
    page.route("**/version", lambda route: route.abort())
    page.route("**/live?*", lambda route: route.abort())


@contextmanager
def moved_in_place(page: Any, timeout: float = 15_000) -> Iterator[None]:
    """Around a click on the table that moves: the page answers in place (no navigation), so wait until its
    table shows a new version. A locator assertion, not wait_for_function: that evaluates a string, which
    the page's CSP forbids."""
    from playwright.sync_api import expect

    version = page.locator("#game").get_attribute("data-version") or ""
    yield
    expect(page.locator("#game")).not_to_have_attribute("data-version", version, timeout=timeout)


def signed_in_tab(browser: Any, live_server: Any, client: Any, user: Any = None, *, console: bool = True,
                  **context_options: Any) -> Any:
    """A new browser tab (a context of its own, `context_options` as Playwright's `new_context` takes them),
    signed in as `user` (None: anonymous) through Django's test client (`force_login`), whose session cookie
    is copied into the browser. Uncaught exceptions of the page (and with `console`, its console errors)
    are collected in `page.js_errors`."""
    context = browser.new_context(**{"viewport": {"width": 1000, "height": 900}, "locale": "en-US", **context_options})
    context.set_default_timeout(10_000)
    if user is not None:
        client.logout()
        client.force_login(user)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
    if console:
        page.on("console", lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None)
    page.js_errors = errors
    return page


@pytest.fixture
def page_for(browser: Any, live_server: Any, client: Any) -> Callable[..., Any]:
    """A new browser tab, signed in as `user` (None: anonymous), with a fresh cookie jar each time
    (`signed_in_tab`, console errors collected too)."""

    def open_page(user: Any = None) -> Any:
        return signed_in_tab(browser, live_server, client, user)

    return open_page
