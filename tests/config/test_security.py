"""Production settings pass `manage.py check --deploy`; every page carries the security headers and a
Content-Security-Policy that allows no inline code, and no page needs any."""

from __future__ import annotations

import base64
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_is_clean_with_production_settings(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "play.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "VAR_DIR": str(tmp_path),
        # The browser pushes' signing key, one for every host (alerts.W001 without it).
        "VAPID_PRIVATE_KEY": base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode(),
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


PAGES = ["/", "/accounts/login/", "/accounts/register/", "/accounts/password-reset/", "/api/docs/"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_pages_carry_a_strict_csp_and_need_no_inline_code(client: Any, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    policy = answer["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy and "unsafe-inline" not in policy
    assert answer["X-Frame-Options"] == "DENY" and answer["X-Content-Type-Options"] == "nosniff"
    html = answer.content.decode()
    # Every <script> has a src; no <style> element and no style or on* attribute (CSP would block them).
    assert all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", html)), html
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", html), html


@pytest.mark.django_db
def test_game_page_needs_no_inline_code(client: Any, make_user: Any) -> None:
    from tests.games.helpers import started_game

    players = [make_user(), make_user()]
    game = started_game(players)
    for player in players:
        client.force_login(player)
        html = client.get(f"/games/{game.pk}/").content.decode()
        assert all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", html))
        assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", html)
    assert client.get("/static/site.js").status_code == 200
