"""`make run`: the emails' links point at the server it starts (a newcomer's `make run PORT=8123` alone)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _dry_run(*args: str, **env: str) -> str:
    if shutil.which("make") is None:
        pytest.fail("make is missing: `make run` and `make test` need it", pytrace=False)
    environment = {k: v for k, v in os.environ.items() if k != "SITE_URL"} | env
    answer = subprocess.run(["make", "-n", "run", *args], cwd=ROOT, env=environment, capture_output=True, text=True,
                            check=True, timeout=60)
    return answer.stdout


def test_make_run_on_another_port_mails_links_to_that_port() -> None:
    assert "export SITE_URL='http://127.0.0.1:8123'" in _dry_run("PORT=8123")
    assert "export SITE_URL='http://127.0.0.1:8000'" in _dry_run()


def test_an_explicit_site_url_wins() -> None:
    assert "export SITE_URL='https://play.example.org'" in _dry_run("PORT=8123", SITE_URL="https://play.example.org")
    assert "export SITE_URL='https://x.example.org'" in _dry_run("SITE_URL=https://x.example.org")
