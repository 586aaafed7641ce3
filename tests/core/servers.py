"""The site under its real web servers, for probes through HTTP: uvicorn (the ASGI server of `make run` and
deploy/) and gunicorn (`gunicorn config.wsgi`, the WSGI server docs/deployment.md names), each a process of its own on a
free loopback port, serving this test run's database (the tests that use them commit their data:
`django_db(transaction=True)`). `raw_request` speaks HTTP/1.1 over a socket, as an attacker would: any
headers, a counted or a chunked body, and it reads the answer while the body is still being sent (a server
may answer before it read the body, and close)."""

from __future__ import annotations

import http.client
import io
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url() -> str:
    """The URL of the database this test process uses (the test database)."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or "postgres"
    return f"postgres://{user}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def server_command(server: str, port: int) -> list[str]:
    """The command line of `server` ("uvicorn": the Makefile's run line; "gunicorn": `gunicorn config.wsgi`,
    which reads the checkout's gunicorn.conf.py)."""
    if server == "uvicorn":
        return [PYTHON, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port", str(port),
                "--log-config", "deploy/server-logging.json"]
    return [PYTHON, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"]


@dataclass
class Server:
    """A running web server process; `output` is what it wrote on stdout and stderr."""

    name: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        """SIGTERM (both servers' graceful stop), SIGKILL if it lingers."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def environment(var_dir: Path, **extra: str) -> dict[str, str]:
    """A production-like environment (DEBUG off) on the test database, nothing sent anywhere."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), "LANG": "C.UTF-8",
        "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50),
        "SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "127.0.0.1,localhost", "DATABASE_URL": database_url(),
        "CONN_MAX_AGE": "0", "DATABASE_POOL_SIZE": "0", "VAR_DIR": str(var_dir),
        "CELERY_BROKER_URL": "memory://localhost/", "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "PYTHONDONTWRITEBYTECODE": "1", **extra,
    }


def start(server: str, var_dir: Path, **extra: str) -> Server:
    """`server` started and answering on a free port (AssertionError with its output if it does not)."""
    var_dir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    log = var_dir / f"{server}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(server_command(server, port), cwd=ROOT, env=environment(var_dir, **extra),
                                   stdout=out, stderr=subprocess.STDOUT)
    running = Server(server, port, process, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, f"{server} died: {running.output()[-3000:]}"
        try:
            status, _headers, _body = raw_request(port, "GET", "/api/schema/?format=json", timeout=5)
        except OSError:
            time.sleep(0.2)
            continue
        if status == 200:
            return running
    running.stop()
    raise AssertionError(f"{server} did not answer: {running.output()[-3000:]}")


class _Answer:
    """What http.client.HTTPResponse needs of a socket: the received bytes as a file."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw

    def makefile(self, *_args: Any, **_kwargs: Any) -> io.BytesIO:
        return io.BytesIO(self.raw)


def raw_request(port: int, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b"",
                chunked: bool = False, timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
    """One request on a connection of its own: status, headers (lower-case names) and body of the answer.
    The body goes with Content-Length, or with `chunked` in chunks of 64 KiB without one; it is sent from
    a thread while the answer is read, and a server that closes before taking it all is no error here."""
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    head += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if chunked:
        head.append("Transfer-Encoding: chunked")
        framed = b"".join(b"%x\r\n%b\r\n" % (len(body[i:i + 65536]), body[i:i + 65536])
                          for i in range(0, len(body), 65536)) + b"0\r\n\r\n"
    else:
        if body or method in ("POST", "PUT", "PATCH"):
            head.append(f"Content-Length: {len(body)}")
        framed = body
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode("latin-1"))
        sender = threading.Thread(target=_send_quietly, args=(sock, framed), daemon=True)
        sender.start()
        received = _receive(sock)
        sender.join(timeout)
    finally:
        sock.close()
    answer = http.client.HTTPResponse(_Answer(received))  # type: ignore[arg-type]
    answer.begin()
    return answer.status, {name.lower(): value for name, value in answer.getheaders()}, answer.read()


def _send_quietly(sock: socket.socket, data: bytes) -> None:
    try:
        sock.sendall(data)
    except OSError:
        pass  # the server answered and closed before it read everything: its answer is what counts


def _receive(sock: socket.socket) -> bytes:
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break  # closed with the body unread (RST): what came before it is the answer
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)
