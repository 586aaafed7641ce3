"""Fixtures of the alerts tests: a local HTTP server standing for a push service or a webhook's receiver
(it records each request and answers the statuses it is told), browsers' push keys, players."""

from __future__ import annotations

import base64
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.utils import timezone


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    """What the local server received; `answers` are the statuses of the next requests (then 201)."""

    host: str = "127.0.0.1"
    port: int = 0
    requests: list[Received] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    delay: float = 0.0  # seconds to wait before answering
    lock: threading.Lock = field(default_factory=threading.Lock)

    def url(self, path: str = "/hook") -> str:
        return f"http://{self.host}:{self.port}{path}"


@pytest.fixture
def receiver(settings: Any) -> Iterator[Receiver]:
    """A local HTTP server on 127.0.0.1 that the alerts may reach over http (ALERTS_TEST_TARGETS)."""
    state = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's API)
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with state.lock:
                state.requests.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                status = state.answers.pop(0) if state.answers else 201
            if state.delay:
                time.sleep(state.delay)
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    settings.ALERTS_TEST_TARGETS = [f"127.0.0.1:{state.port}"]
    yield state
    server.shutdown()
    server.server_close()


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Browser:
    """A browser's push keys: its P-256 key pair and its 16-byte auth secret."""

    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    @property
    def p256dh(self) -> str:
        return b64url(self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def keys(self) -> dict[str, str]:
        return {"p256dh": self.p256dh, "auth": b64url(self.auth)}


@pytest.fixture
def browser() -> Callable[[], Browser]:
    return lambda: Browser(ec.generate_private_key(ec.SECP256R1()), os.urandom(16))


@pytest.fixture
def verified_user(make_user: Callable[..., Any]) -> Callable[..., Any]:
    def make(name: str | None = None, **fields: Any) -> Any:
        fields.setdefault("email_verified_at", timezone.now())
        return make_user(name, **fields)

    return make


@pytest.fixture(autouse=True)
def _vapid_keys_in_tmp(settings: Any, tmp_path: Any) -> Iterator[None]:
    """Each test's own generated VAPID pair (var/ of the checkout stays untouched)."""
    from alerts import vapid

    settings.VAR_DIR = tmp_path
    settings.VAPID_PRIVATE_KEY = ""
    settings.VAPID_PUBLIC_KEY = ""
    vapid.keys.cache_clear()
    yield
    vapid.keys.cache_clear()
