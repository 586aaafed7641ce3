"""The api benchmark's reference app (`benchmarks/minimal/`) runs under the checkout's gunicorn.conf.py, whose
log configuration formats through `core.json_logs`: that must work with the minimal app's settings too (it
did not, and `make bench` stopped at its first server)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIGURE = (
    "import json, logging.config; "
    "logging.config.dictConfig(json.load(open('deploy/server-logging.json'))); "
    "logging.getLogger('gunicorn.error').warning('started')"
)


def test_the_minimal_app_takes_the_servers_log_configuration() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "benchmarks.minimal.settings",
           "MINIMAL_DATABASE_URL": "postgres://postgres@127.0.0.1:5432/unused"}
    done = subprocess.run([sys.executable, "-c", CONFIGURE], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "started" in done.stderr
