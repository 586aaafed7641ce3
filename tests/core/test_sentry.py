"""SENTRY_DSN set: an error raised in a view reaches Sentry (here a tiny local HTTP server standing for it,
named by a fake DSN), with the request id as a tag and no personal data (no user, no cookies)."""

from __future__ import annotations

import gzip
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import sentry_sdk
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path

from core.sentry import init_sentry


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the view fails on purpose")


urlpatterns = [path("boom", boom)]


class FakeSentry(BaseHTTPRequestHandler):
    """Keeps the body of every envelope posted to it."""

    received: list[bytes] = []

    def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        type(self).received.append(body)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def sentry_dsn() -> Iterator[str]:
    """A DSN whose host is the fake server; afterwards no Sentry client is left in this process."""
    FakeSentry.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeSentry)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://publickey@127.0.0.1:{server.server_address[1]}/42"
    sentry_sdk.get_client().close()
    sentry_sdk.get_global_scope().set_client(None)
    server.shutdown()


def events() -> list[dict[str, Any]]:
    """The error events among the envelopes' items (an envelope: a header line, then item header and item)."""
    found = []
    for envelope in FakeSentry.received:
        parts = envelope.split(b"\n")
        for header, item in zip(parts[1::2], parts[2::2], strict=False):
            if json.loads(header).get("type") == "event":
                found.append(json.loads(item))
    return found


@pytest.mark.django_db
@pytest.mark.urls("tests.core.test_sentry")
def test_an_error_in_a_view_is_reported(sentry_dsn: str, make_user: Any) -> None:
    init_sentry(sentry_dsn, environment="test", traces_sample_rate=0.0)
    client = Client(raise_request_exception=False)
    client.force_login(make_user("secret.person"))
    answer = client.get("/boom", HTTP_X_REQUEST_ID="err-1")
    assert answer.status_code == 500
    sentry_sdk.flush(timeout=10)
    [event] = events()
    [exception] = event["exception"]["values"]
    assert (exception["type"], exception["value"]) == ("RuntimeError", "the view fails on purpose")
    assert event["tags"]["request_id"] == "err-1" and event["environment"] == "test"
    text = json.dumps(event)
    assert "secret.person" not in text and "sessionid" not in text
    assert "email" not in event.get("user", {})
