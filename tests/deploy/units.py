"""deploy/'s definitions read as systemd reads them, to run them on this machine: the environment file's
variables, a unit's ExecStartPre/ExecStart lines with `${VAR}` expanded, the install prefix /srv/pbem
mapped to this checkout and its virtualenv."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
PREFIX = "/srv/pbem"
VENV_BIN = Path(sys.executable).parent


def environment_file(path: Path = DEPLOY / "pbem.env.example") -> dict[str, str]:
    """KEY=VALUE lines as systemd's EnvironmentFile= reads them (comments and blank lines skipped)."""
    values = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
                value = value[1:-1]
            values[key.strip()] = value
    return values


def unit_lines(name: str) -> dict[str, list[str]]:
    """A unit file's settings, each key with all its values in order."""
    found: dict[str, list[str]] = {}
    for line in (DEPLOY / name).read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def expand(text: str, env: dict[str, str]) -> str:
    """systemd's `${VAR}` substitution (a missing variable is empty)."""
    return re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: env.get(m.group(1), ""), text)


def command(line: str, env: dict[str, str]) -> list[str]:
    """An Exec line as an argument list on this machine: the virtualenv's programs for /srv/pbem/.venv's."""
    args = shlex.split(expand(line, env))
    return [str(VENV_BIN / arg.removeprefix(f"{PREFIX}/.venv/bin/")) if arg.startswith(f"{PREFIX}/.venv/bin/")
            else arg for arg in args]


def working_directory(unit: dict[str, list[str]]) -> Path:
    """The unit's WorkingDirectory with the install prefix as this checkout."""
    return Path(unit["WorkingDirectory"][0].replace(PREFIX, str(ROOT), 1))


def base_environment(settings: dict[str, str]) -> dict[str, str]:
    """What systemd gives a service: a plain PATH, HOME, a UTF-8 locale, and the environment file."""
    return {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp"), "LANG": "C.UTF-8",
            **settings}


@dataclass
class Service:
    """One unit started as systemd would start it: its ExecStartPre lines run, then its ExecStart kept."""

    unit: str
    env: dict[str, str]
    log: Path
    process: subprocess.Popen[bytes] | None = field(default=None)

    def start(self) -> None:
        lines = unit_lines(self.unit)
        cwd = working_directory(lines)
        for pre in lines.get("ExecStartPre", []):
            subprocess.run(command(pre, self.env), cwd=cwd, env=self.env, check=True, timeout=60)
        [start] = lines["ExecStart"]
        with self.log.open("wb") as out:
            # A session of its own, so that stopping it stops uvicorn's and Celery's child processes too.
            self.process = subprocess.Popen(command(start, self.env), cwd=cwd, env=self.env, stdout=out,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        """SIGTERM to the unit's process group (systemd's KillMode=control-group), SIGKILL after 30 s."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, 15)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait(timeout=10)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def wait_until(check: Any, timeout: float, what: str, interval: float = 0.3) -> Any:
    """Poll `check` until it returns something true."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def http(method: str, url: str, body: bytes | None = None, headers: dict[str, str] | None = None,
         timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request: status, headers, body (an error status is an answer, not an exception)."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()
