"""deploy/ runs the site: the systemd units' ExecStart lines (and ExecStartPre) are run as systemd would, with
the environment file's variables, against a fresh PostgreSQL database and Redis as the broker: the web under
uvicorn (two workers), the Celery worker and beat. Through the HTTP API, as nginx would pass it on (Host,
X-Forwarded-Proto https), two players sign up, follow their mailed verification links (mails written by the
worker), create, join and start a game and play a few commands; the worker mails the turn. /metrics then shows
the worker's task counts beside the web's (PROMETHEUS_MULTIPROC_DIR), and the JSON logs show the sign-up's
request id on the task it started.

What differs from production, and why: the database, the broker's database number and queue, the port and
the folders are this test's own; mails go into files instead of to an SMTP server; the rate limits of
sign-up and sign-in are raised (the test signs up from one address more often than a person would)."""

from __future__ import annotations

import json
import re
import secrets
import socket
import subprocess
import uuid
from pathlib import Path
from typing import Any

import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families

from .databases import fresh_database, need_services
from .units import DEPLOY, ROOT, VENV_BIN, Service, base_environment, environment_file, http, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

HOST = "play.example.org"
BROKER_DB = 13


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Site:
    """The API of the running web, reached as nginx reaches it."""

    def __init__(self, port: int, metrics_token: str) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.metrics_token = metrics_token

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             **headers: str) -> tuple[int, dict[str, str], Any]:
        sent = {"Host": HOST, "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7",
                "Accept": "application/json", **headers}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if token:
            sent["Authorization"] = f"Token {token}"
        status, answer_headers, raw = http(method, self.base + path, data, sent)
        try:
            parsed: Any = json.loads(raw) if raw else None
        except ValueError:
            parsed = raw.decode(errors="replace")
        return status, answer_headers, parsed

    def metrics(self) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        status, _headers, raw = http("GET", self.base + "/metrics", None, {
            "Host": HOST, "X-Forwarded-Proto": "https", "Authorization": f"Bearer {self.metrics_token}"})
        assert status == 200, raw
        return {(s.name, tuple(sorted(s.labels.items()))): s.value
                for family in text_string_to_metric_families(raw.decode()) for s in family.samples}


def mails(folder: Path) -> list[str]:
    """The mail files the worker wrote, as text (quoted-printable soft breaks joined)."""
    return [path.read_text(errors="replace").replace("=\n", "").replace("=3D", "=")
            for path in sorted(folder.glob("*"))] if folder.exists() else []


def test_the_units_run_the_site_and_a_short_game(tmp_path: Path) -> None:
    need_services()
    with fresh_database("deploy") as database_url:
        _run_and_play(tmp_path, database_url)


def _environment(tmp_path: Path, database_url: str) -> dict[str, str]:
    settings = environment_file()
    queue = f"deploy-{uuid.uuid4().hex}"
    settings.update({
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": f"redis://127.0.0.1:6379/{BROKER_DB}",
        "REDIS_CACHE_URL": f"redis://127.0.0.1:6379/{BROKER_DB}",
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "LIVE_CHANNEL": f"live_{uuid.uuid4().hex[:12]}",
        "VAR_DIR": str(tmp_path / "var"),
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "var" / "metrics"),
        "EMAIL_BACKEND": "core.mail_files.OneFilePerMailBackend",
        "EMAIL_FILE_PATH": str(tmp_path / "mail"),
        "WEB_PORT": str(free_port()),
        "METRICS_TOKEN": secrets.token_hex(16),
        "THROTTLE_REGISTER": "1000/hour", "THROTTLE_TOKEN": "1000/min", "THROTTLE_SIGN_IN": "1000/min",
    })
    assert settings["DEBUG"] == "0" and settings["LOG_FORMAT"] == "json"
    return base_environment(settings)


def _run_and_play(tmp_path: Path, database_url: str) -> None:
    env = _environment(tmp_path, database_url)
    manage = [str(VENV_BIN / "python"), "manage.py"]
    # The release's steps (docs/deployment.md): migrate, collect the static files, then (re)start the units.
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        done = subprocess.run(manage + step, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
    services = [Service(unit, env, tmp_path / f"{unit}.log")
                for unit in ("pbem-web.service", "pbem-worker.service", "pbem-beat.service")]
    try:
        for service in services:
            service.start()
        web, worker, beat = services
        site = Site(int(env["WEB_PORT"]), env["METRICS_TOKEN"])
        wait_until(lambda: _up(site, web), 90, "the web's /healthz")
        _play(site, Path(env["EMAIL_FILE_PATH"]), worker, web)
        assert beat.alive() and "beat: Starting" in beat.output(), beat.output()
        assert all(service.alive() for service in services), [s.output()[-3000:] for s in services]
    finally:
        for service in services:
            service.stop()
        redis.Redis.from_url(env["CELERY_BROKER_URL"]).delete(env["CELERY_TASK_DEFAULT_QUEUE"])
    assert [service.process.returncode for service in services if service.process] == [0, 0, 0], [
        s.output()[-3000:] for s in services]


def _up(site: Site, web: Service) -> bool:
    assert web.alive(), web.output()
    try:
        status, _headers, _body = site.call("GET", "/healthz")
    except OSError:
        return False
    return status == 200


def _play(site: Site, mail_folder: Path, worker: Service, web: Service) -> None:
    tokens = {}
    for name in ("anna", "bert"):
        status, headers, body = site.call("POST", "/api/accounts/register", {
            "email": f"{name}@example.org", "password": "a-long-secret-pw-1", "display_name": name.title(),
            "language": "de" if name == "bert" else "en"}, **{"X-Request-ID": f"deploy-signup-{name}"})
        assert status == 201 and headers["X-Request-ID"] == f"deploy-signup-{name}", body
    # The worker writes the verification mails; their links verify the addresses.
    links = wait_until(lambda: _verification_links(mail_folder), 60, "two verification mails")
    for path in links:
        status, _headers, body = site.call("GET", path, Accept="text/html")
        assert status == 200, body
    for name in ("anna", "bert"):
        status, _headers, body = site.call("POST", "/api/accounts/token", {
            "email": f"{name}@example.org", "password": "a-long-secret-pw-1"})
        assert status == 200, body
        tokens[name] = body["token"]
    status, _headers, game = site.call("POST", "/api/games/", {"kind": "citadels", "players": 2}, tokens["anna"])
    assert status == 201, game
    game_id = game["id"]
    assert site.call("POST", f"/api/games/{game_id}/join", {}, tokens["bert"])[0] in (200, 201)
    assert site.call("POST", f"/api/games/{game_id}/start", {}, tokens["anna"])[0] in (200, 201)
    played = 0
    for _ in range(4):
        for name, token in tokens.items():
            status, _headers, detail = site.call("GET", f"/api/games/{game_id}/", token=token)
            assert status == 200, detail
            if detail["seat"] in detail["awaiting"] and detail["legal_commands"]:
                status, _headers, result = site.call("POST", f"/api/games/{game_id}/commands", {
                    "command": detail["legal_commands"][0], "expected_version": detail["version"]}, token,
                    **{"Idempotency-Key": f"deploy-{name}-{detail['version']}"})
                assert status == 201, result
                played += 1
                break
    assert played == 4
    # The worker mails the game: the start, then whose turn it is, with links to the game.
    wait_until(lambda: sum(f"/games/{game_id}/" in text for text in mails(mail_folder)) >= 3, 60, "the game's mails")

    # The worker counts a task after it returns, so the third mail can be on disk before its count: wait.
    delivery = ("pbe_celery_tasks_total", (("outcome", "success"), ("task", "notifications.deliver_outbox_rows")))
    wait_until(lambda: site.metrics().get(delivery, 0) >= 3, 30, "the worker's task counts in the web's /metrics")
    samples = site.metrics()
    assert samples.get(("pbe_commands_total", (("by", "player"), ("kind", "citadels"))), 0) == played
    logged = [json.loads(line) for line in worker.output().splitlines() if line.startswith("{")]
    started = [line for line in logged if line.get("logger") == "pbe.tasks" and line.get("request_id") == "deploy-signup-anna"]
    assert started and started[0]["outcome"] == "success" and started[0]["task"] == "notifications.deliver_outbox_rows"
    requests = [json.loads(line) for line in web.output().splitlines() if line.startswith("{")]
    assert any(line.get("logger") == "pbe.requests" and line.get("path") == f"/api/games/{game_id}/commands"
               and line.get("game_id") == game_id and line.get("status") == 201 for line in requests)


def _verification_links(folder: Path) -> list[str] | None:
    found = [m.group(1) for text in mails(folder) for m in re.finditer(rf"https://{re.escape(HOST)}(/accounts/verify/[^/\s]+/)", text)]
    unique = sorted(set(found))
    return unique if len(unique) >= 2 else None


def test_the_nginx_site_streams_unbuffered_and_serves_the_static_files() -> None:
    """No nginx on this machine to run it: its site is read for what the web needs of it."""
    site = (DEPLOY / "nginx-pbem.conf").read_text()
    settings = environment_file()
    live = re.search(r"location ~ \^/\(games/\[0-9\]\+/live\|games/watch/\[\^/\]\+/live\|live/lobby\)\$ \{(.*?)\}", site, re.S)
    assert live and "proxy_buffering off;" in live.group(1)
    assert f"alias {settings['VAR_DIR']}/static/;" in site  # STATIC_ROOT = VAR_DIR/static
    assert f"server {settings['WEB_HOST']}:{settings['WEB_PORT']};" in site
    assert "listen 443 ssl;" in site and "return 301 https://" in site and "X-Forwarded-Proto $scheme" in site
