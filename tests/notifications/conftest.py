"""Fixtures of the notification tests: a real SMTP server (aiosmtpd), verified players, a real Celery
worker subprocess on a real broker (Redis or RabbitMQ) against the test database."""

from __future__ import annotations

import email
import email.policy
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.utils import timezone

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class SmtpSink:
    """What the test SMTP server received, with knobs to make it fail or hang like a real one can."""

    messages: list[EmailMessage] = field(default_factory=list)
    fail_first: int = 0  # answer 451 to this many DATA commands
    hang_on: str = ""  # a subject substring: store the message, then hang before answering 250
    hang_seconds: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)
    host: str = "127.0.0.1"
    port: int = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd API)
        with self.lock:
            if self.fail_first > 0:
                self.fail_first -= 1
                return "451 4.3.0 try again later"
            message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
            self.messages.append(message)  # type: ignore[arg-type]
            hang = bool(self.hang_on) and self.hang_on in str(message["Subject"])
            if hang:
                self.hang_on = ""  # hang once
        if hang:
            import asyncio

            await asyncio.sleep(self.hang_seconds)
        return "250 OK"

    def by_message_id(self) -> dict[str, list[EmailMessage]]:
        found: dict[str, list[EmailMessage]] = {}
        with self.lock:
            for m in self.messages:
                found.setdefault(str(m["Message-ID"]), []).append(m)
        return found

    def wait_for(self, count: int, timeout: float = 30.0) -> list[EmailMessage]:
        """Wait until `count` distinct Message-IDs arrived."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.by_message_id()) >= count:
                break
            time.sleep(0.05)
        with self.lock:
            return list(self.messages)


@pytest.fixture
def smtp_server(settings: Any) -> Iterator[SmtpSink]:
    """A real SMTP server on a free local port; the in-process Django mail settings point at it."""
    sink = SmtpSink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    sink.port = port
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_TIMEOUT = 30
    yield sink
    controller.stop()


@pytest.fixture
def verified_user(make_user: Callable[..., Any]) -> Callable[..., Any]:
    """A player whose address is verified (game emails go to verified addresses only)."""

    def make(name: str | None = None, **fields: Any) -> Any:
        fields.setdefault("email_verified_at", timezone.now())
        return make_user(name, **fields)

    return make


def _database_url() -> str:
    from django.db import connection

    data = connection.settings_dict
    if "sqlite" in data["ENGINE"]:
        return f"sqlite:///{data['NAME']}"
    user = data.get("USER") or "postgres"
    auth = f"{user}:{data['PASSWORD']}" if data.get("PASSWORD") else user
    return f"postgres://{auth}@{data.get('HOST') or '127.0.0.1'}:{data.get('PORT') or 5432}/{data['NAME']}"


# Every test names its own queue (and so its own exchange and routing key): test runs sharing the broker
# (two checkouts, CI next to a developer, xdist workers) never take each other's tasks, and nothing is
# flushed that another run still needs. Redis database 15 is out of the way of the cache and of older
# checkouts of this suite, which flushed databases 1 to 14.
BROKER_URLS = {"redis": "redis://127.0.0.1:6379/15", "amqp": "amqp://guest:guest@127.0.0.1:5672//"}


@dataclass
class Worker:
    """A Celery worker subprocess; `kill()` is SIGKILL on its whole process group (a crash)."""

    broker_url: str
    env: dict[str, str]
    log_path: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> None:
        offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "prefork", "-c", "1", "-l", "INFO",
             "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"test-{uuid.uuid4().hex[:8]}@%h"],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.log_path.read_bytes()[offset:].decode(errors="replace")
            if " ready." in text:
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"the Celery worker did not start:\n{self.log_path.read_text(errors='replace')[-4000:]}")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def _point_app_at(broker_url: str, queue: str) -> None:
    """Make this (test) process's Celery app publish to `queue` on `broker_url`."""
    from config.celery import app

    app.conf.broker_url = broker_url
    app.conf.broker_transport_options = {}
    app.conf.task_default_queue = queue
    app.conf.task_always_eager = False
    _forget_connections(app)


def _forget_connections(app: Any) -> None:
    """Drop the app's connection pool and its routing (cached from the queue name) so the next task uses
    the current settings."""
    app._pool = None
    app.__dict__.pop("amqp", None)


def _delete_queue(broker_url: str, queue: str) -> None:
    """Remove a test's queue and exchange, and on Redis the unacknowledged messages a killed worker left."""
    from kombu import Connection, Exchange, Queue

    with Connection(broker_url) as connection:
        channel = connection.default_channel
        bound = Queue(queue, Exchange(queue, "direct"), routing_key=queue)(channel)
        bound.declare()
        bound.delete()
        bound.exchange.delete()
        if broker_url.startswith("redis"):
            client = channel.client
            for tag, raw in client.hgetall(channel.unacked_key).items():
                if queue in json.loads(raw)[1:]:  # stored as [message, exchange, routing key]
                    client.zrem(channel.unacked_index_key, tag)
                    client.hdel(channel.unacked_key, tag)


@pytest.fixture
def celery_worker_factory(
    transactional_db: None, smtp_server: SmtpSink, tmp_path: Path
) -> Iterator[Callable[..., Worker]]:
    """Start real Celery workers (subprocesses) on a real broker, sending mail to the test SMTP server.

    The test's workers share one broker (the first one's) and one queue of the test's own."""
    from config.celery import app

    # Restored afterwards, eager mode included: a test process left sending tasks would put them into the
    # project's own queue (var/celery/), for `make run`'s worker to find.
    saved = (app.conf.broker_url, app.conf.broker_transport_options, app.conf.task_default_queue,
             app.conf.task_always_eager)
    queue = f"test-{uuid.uuid4().hex}"
    workers: list[Worker] = []

    def start(broker: str = "redis", **extra_env: str) -> Worker:
        broker_url = workers[0].broker_url if workers else BROKER_URLS[broker]
        if not workers:
            _point_app_at(broker_url, queue)
        env = {
            **os.environ,
            "DATABASE_URL": _database_url(),
            "CELERY_BROKER_URL": broker_url,
            "CELERY_TASK_DEFAULT_QUEUE": queue,
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(smtp_server.port),
            "EMAIL_TIMEOUT": "30",
            "FAST_PASSWORD_HASHER": "1",
            "CONN_MAX_AGE": "0",
            **extra_env,
        }
        worker = Worker(broker_url, env, tmp_path / "worker.log")
        worker.start()
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()
    (app.conf.broker_url, app.conf.broker_transport_options, app.conf.task_default_queue,
     app.conf.task_always_eager) = saved
    _forget_connections(app)
    if workers:
        _delete_queue(workers[0].broker_url, queue)


def wait_until(predicate: Callable[[], Any], timeout: float = 30.0, interval: float = 0.1) -> Any:
    """Poll until `predicate()` is truthy; its last value (or an AssertionError on timeout)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(interval)
