"""LOG_FORMAT=json: one JSON line per request (method, path, status, duration, request id, user id, game id)
and per Celery task (name, id, outcome, duration, and the request id of the request that started it, sent
in the task message's headers); X-Request-ID is taken when sane, else made, and returned."""

from __future__ import annotations

import io
import json
import logging
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from kombu import Producer
from rest_framework.test import APIClient

from core import json_logs
from core.request_log import HEADER
from tests.games.helpers import started_game


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    """What the request and task loggers write, as the JSON formatter writes it."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(json_logs.JsonFormatter())
    loggers = [logging.getLogger(name) for name in ("pbe.requests", "pbe.tasks")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)  # as with LOG_FORMAT=json (text logs leave the request lines out)
    yield out
    for logger, level in zip(loggers, levels, strict=True):
        logger.removeHandler(handler)
        logger.setLevel(level)


def lines(out: io.StringIO, logger: str) -> list[dict[str, Any]]:
    """The JSON lines written by one logger."""
    found = [json.loads(line) for line in out.getvalue().splitlines()]
    return [line for line in found if line["logger"] == logger]


@pytest.mark.django_db
def test_a_request_is_one_json_line_with_its_ids(make_user: Any, api_client: Any, json_lines: io.StringIO) -> None:
    players = [make_user(), make_user()]
    game = started_game(players)
    answer = api_client(players[1]).get(f"/api/games/{game.pk}/", HTTP_X_REQUEST_ID="edge-4711.a")
    assert answer.status_code == 200 and answer[HEADER] == "edge-4711.a"
    [line] = lines(json_lines, "pbe.requests")
    assert {k: line[k] for k in ("level", "method", "path", "status", "request_id", "user_id", "game_id")} == {
        "level": "INFO", "method": "GET", "path": f"/api/games/{game.pk}/", "status": 200,
        "request_id": "edge-4711.a", "user_id": players[1].pk, "game_id": game.pk}
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0 and line["time"].endswith("+00:00")


@pytest.mark.django_db
@pytest.mark.parametrize("given", ["", "two words", "x" * 101, "line\nbreak", "<script>"])
def test_a_request_id_that_is_not_sane_is_replaced(given: str, json_lines: io.StringIO) -> None:
    answer = APIClient().get("/healthz", HTTP_X_REQUEST_ID=given)
    made = answer[HEADER]
    assert made != given and len(made) == 32 and int(made, 16) >= 0
    [line] = lines(json_lines, "pbe.requests")
    assert line["request_id"] == made and line["user_id"] is None and line["game_id"] is None


@pytest.mark.django_db(transaction=True)
def test_a_task_started_by_a_request_carries_its_request_id(monkeypatch: pytest.MonkeyPatch, settings: Any,
                                                           json_lines: io.StringIO) -> None:
    """The request's transaction commits for real, so its mail task is published from inside the request;
    the message is caught at the broker's door and run as the worker would, with its headers."""
    settings.ACCOUNTS_ASYNC_MAIL = True  # the verification mail is sent by a task
    published: list[dict[str, Any]] = []

    def publish(self: Producer, body: Any, **options: Any) -> None:
        published.append({"body": body, **options})

    monkeypatch.setattr(Producer, "publish", publish)
    answer = APIClient().post("/api/accounts/register", {"email": "log@example.org", "password": "a-long-secret-pw-1",
                                                         "display_name": "Log"}, format="json",
                              HTTP_X_REQUEST_ID="signup-1")
    assert answer.status_code == 201, answer.content
    [message] = published
    headers = message["headers"]
    assert headers["pbe_request_id"] == "signup-1"
    from celery import current_app

    task = current_app.tasks[headers["task"]]
    args, kwargs, _embed = message["body"]
    assert json_logs.current_request_id() == ""  # the request is over
    task.apply(args, kwargs, task_id=headers["id"], headers=headers)
    [request_line] = lines(json_lines, "pbe.requests")
    [task_line] = lines(json_lines, "pbe.tasks")
    assert request_line["request_id"] == task_line["request_id"] == "signup-1"
    assert (task_line["task"], task_line["task_id"], task_line["outcome"]) == (headers["task"], headers["id"], "success")
    assert task_line["duration_ms"] >= 0 and json_logs.current_request_id() == ""


def test_the_formatter_writes_one_line_with_the_context_and_the_exception() -> None:
    token = json_logs.bind(request_id="r-1", user_id=None)
    try:
        raise ValueError("bad\nthing")
    except ValueError:
        record = logging.getLogger("x").makeRecord("x", logging.ERROR, "f.py", 1, "failed %s", ("here",),
                                                   exc_info=sys.exc_info(), extra={"game_id": 3})
        text = json_logs.JsonFormatter().format(record)  # as a handler does: at once, in the same context
    finally:
        json_logs.unbind(token)
    assert "\n" not in text
    line = json.loads(text)
    assert (line["message"], line["request_id"], line["game_id"], line["level"]) == ("failed here", "r-1", 3, "ERROR")
    assert "user_id" not in line and "ValueError: bad" in line["exception"]


# --- the web servers' and Celery's own lines (issue 35, point 3) ------------------------------------------

def _make_run_commands(port: int) -> dict[str, list[str]]:
    """The commands `make run LOG_FORMAT=json` starts (from `make -n`), by program: uvicorn, worker, beat."""
    import re
    import shlex
    import shutil
    import subprocess
    from pathlib import Path

    assert shutil.which("make"), "make is missing"
    root = Path(__file__).resolve().parents[2]
    script = subprocess.run(["make", "-n", "run", f"PORT={port}", "LOG_FORMAT=json"], cwd=root, capture_output=True,
                            text=True, check=True, timeout=60).stdout
    found = {}
    for name, pattern in (("uvicorn", r"\S+ -m uvicorn [^;&\n]+"), ("worker", r"\S+/celery [^;&\n]* worker [^;&\n]+"),
                          ("beat", r"\S+/celery [^;&\n]* beat [^;&\n]+")):
        match = re.search(pattern, script)
        assert match, (name, script)
        found[name] = shlex.split(match.group(0))
    return found


def _every_line_is_json(output: str) -> list[dict[str, Any]]:
    plain = [line for line in output.splitlines() if line.strip() and not line.startswith("{")]
    assert not plain, plain[:12]
    return [json.loads(line) for line in output.splitlines() if line.strip()]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("server", ["make run's uvicorn", "the deploy unit's uvicorn", "gunicorn config.wsgi"])
def test_the_web_servers_own_lines_are_json_too(server: str, tmp_path: Any) -> None:
    """The server starts, serves a request and stops with LOG_FORMAT=json: every line it wrote is a JSON
    object (its start-up and shutdown lines, its access lines, the site's request lines)."""
    import subprocess
    import time

    from tests.core import servers
    from tests.deploy import units

    port = servers.free_port()
    env = servers.environment(tmp_path, LOG_FORMAT="json", WEB_HOST="127.0.0.1", WEB_PORT=str(port), WEB_WORKERS="2",
                              PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"))
    (tmp_path / "metrics").mkdir()
    if server == "make run's uvicorn":
        command = _make_run_commands(port)["uvicorn"]
    elif server == "the deploy unit's uvicorn":
        command = units.command(units.unit_lines("pbem-web.service")["ExecStart"][0], env)
    else:
        command = [*servers.server_command("gunicorn", port)]
    log = tmp_path / "out.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=units.ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        status = None
        while time.monotonic() < deadline and status is None:
            assert process.poll() is None, log.read_text()
            try:
                status = servers.raw_request(port, "GET", "/api/games/", timeout=5)[0]
            except OSError:
                time.sleep(0.3)
        assert status == 401, log.read_text()
    finally:
        process.terminate()
        process.wait(timeout=30)
    lines = _every_line_is_json(log.read_text())
    loggers = {line["logger"] for line in lines}
    assert loggers & {"uvicorn.error", "gunicorn.error"}, loggers  # the server's own start-up lines, as JSON
    assert any(line["logger"] == "pbe.requests" and line["path"] == "/api/games/" for line in lines)
    assert not any("color_message" in line for line in lines)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("program", ["worker", "beat"])
def test_celerys_start_up_lines_are_json_too(program: str, tmp_path: Any) -> None:
    """The worker and beat of `make run LOG_FORMAT=json` (as of deploy/, `--quiet`: no plain banner) write
    nothing but JSON lines until they are up (the worker's "ready", beat's first task sent)."""
    import subprocess
    import time

    from tests.core import servers
    from tests.deploy import units

    command = _make_run_commands(servers.free_port())[program]
    assert "--quiet" in command and "--quiet" in units.unit_lines(f"pbem-{program}.service")["ExecStart"][0]
    command = [arg.replace("var/celerybeat-schedule", str(tmp_path / "schedule")) for arg in command]
    log = tmp_path / "out.log"
    env = servers.environment(tmp_path, LOG_FORMAT="json")
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=units.ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    up = "celery@" if program == "worker" else "Scheduler: Sending due task"
    try:
        deadline = time.monotonic() + 60
        while up not in log.read_text() and time.monotonic() < deadline:
            assert process.poll() is None, log.read_text()
            time.sleep(0.3)
        time.sleep(1)
    finally:
        process.terminate()
        process.wait(timeout=30)
    text = log.read_text()
    start_up = text[:text.index("\n", text.index(up)) + 1]
    lines = _every_line_is_json(start_up)
    assert any(up in line["message"] for line in lines), lines
