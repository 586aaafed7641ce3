"""Project configuration: embedded defaults, production guards, Celery wiring."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def settings_in_subprocess(env: dict[str, str], expression: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "CELERY_", "SECRET_KEY", "DEBUG", "EMAIL_"))}
    code = f"import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; django.setup(); from django.conf import settings as s; print({expression})"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=60)


def test_embedded_defaults_need_no_server(tmp_path: Path) -> None:
    result = settings_in_subprocess(
        {"VAR_DIR": str(tmp_path)},
        "s.DATABASES['default']['ENGINE'], s.CELERY_BROKER_URL, s.EMAIL_BACKEND, s.EMAIL_FILE_PATH, s.DEFAULT_FROM_EMAIL",
    )
    assert result.returncode == 0, result.stderr
    # The sender is the site, whatever the game (a Dominion player got mail "from Citadels").
    assert "Play by email <play@localhost>" in result.stdout
    assert "sqlite3" in result.stdout and "filesystem://" in result.stdout and "OneFilePerMailBackend" in result.stdout
    assert str(tmp_path / "mail") in result.stdout
    assert (tmp_path / "celery" / "queue").is_dir()


def test_production_refuses_the_development_secret(tmp_path: Path) -> None:
    refused = settings_in_subprocess({"VAR_DIR": str(tmp_path), "DEBUG": "0"}, "s.DEBUG")
    assert refused.returncode != 0 and "SECRET_KEY" in refused.stderr
    accepted = settings_in_subprocess(
        {"VAR_DIR": str(tmp_path), "DEBUG": "0", "SECRET_KEY": "s" * 60, "DATABASE_URL": "postgres://u@db:5432/x",
         "CELERY_BROKER_URL": "redis://broker:6379/0"},
        "s.DEBUG, s.DATABASES['default']['ENGINE'], s.CELERY_BROKER_URL",
    )
    assert accepted.returncode == 0, accepted.stderr
    assert "False" in accepted.stdout and "postgresql" in accepted.stdout and "redis://broker" in accepted.stdout


def test_celery_app_is_configured_from_settings() -> None:
    from config import celery_app

    assert celery_app.conf.task_acks_late is True
    assert celery_app.conf.worker_prefetch_multiplier == 1
    assert celery_app.conf.task_default_queue == settings.CELERY_TASK_DEFAULT_QUEUE
    assert celery_app.conf.beat_schedule == settings.CELERY_BEAT_SCHEDULE
    # (Its broker too, which tests/conftest.py points at an in-memory one for the tests.)
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    celery_app.loader.import_default_modules()
    assert scheduled <= set(celery_app.tasks), scheduled - set(celery_app.tasks)


def test_the_default_broker_names_its_host(tmp_path: Path) -> None:
    """kombu warns "No hostname was supplied" on every connection of a URL without one (the demo printed it)."""
    result = settings_in_subprocess(
        {"VAR_DIR": str(tmp_path)},
        "__import__('kombu').Connection(s.CELERY_BROKER_URL, transport_options=s.CELERY_BROKER_TRANSPORT_OPTIONS).info()",
    )
    assert result.returncode == 0, result.stderr
    assert "No hostname" not in result.stdout + result.stderr and "filesystem" in result.stdout


# The README and the pages of docs/ that took its operations, configuration, deployment, security, API and
# development parts (the rulings and the architecture have their own checks and name modules, not files).
README_PAGES = ("README.md", "docs/operating.md", "docs/configuration.md", "docs/deployment.md", "docs/security.md",
                "docs/api.md", "docs/development.md")


def test_every_file_the_readme_names_exists() -> None:
    """A newcomer follows the README's paths: each `path` in it (and in the docs it hands over to) under one of
    the project's folders exists, and each page of docs/ it links is there."""
    import re

    folders = {p.name for p in ROOT.iterdir() if p.is_dir() and p.name not in (".venv", "var", ".git")}
    every: set[str] = set()
    for page in README_PAGES:
        text = (ROOT / page).read_text()
        named = {m for m in re.findall(r"`([^`\s]+)`", text) if "/" in m and m.split("/")[0] in folders}
        assert sorted(p for p in named if not (ROOT / p).exists()) == [], page
        every |= named
    assert len(every) > 20  # the pages do name the project's files
    readme = (ROOT / "README.md").read_text()
    linked = set(re.findall(r"\]\((docs/[^)#]+)\)", readme))
    assert {page for page in README_PAGES if page.startswith("docs/")} <= linked
    assert sorted(p for p in linked if not (ROOT / p).exists()) == []
    assert len(readme.splitlines()) <= 150  # a front door: the rest is in docs/


def test_every_environment_variable_is_documented() -> None:
    """Each variable config/settings.py reads from the environment is named in docs/configuration.md."""
    import re

    source = (ROOT / "config" / "settings.py").read_text()
    read = set(re.findall(r'(?:environ\.get\(|environ\[|env_bool\(|env_list\()"([A-Z][A-Z0-9_]*)"', source))
    assert len(read) > 90  # the pattern does find them
    documented = set(re.findall(r"`([A-Z][A-Z0-9_]*)", (ROOT / "docs" / "configuration.md").read_text()))
    assert sorted(read - documented) == []


POOLED_READS = """
import os, threading
os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'
import django
django.setup()
from django.conf import settings
from django.db import connection
pids = set()
def read():
    with connection.cursor() as cursor:  # each thread has a connection of its own, as under uvicorn
        cursor.execute('SELECT pg_backend_pid(), pg_sleep(0.2)')
        pids.add(cursor.fetchone()[0])
    connection.close()  # back to the pool (without one: closed)
threads = [threading.Thread(target=read) for _ in range(6)]
for t in threads: t.start()
for t in threads: t.join()
print(len(pids), settings.DATABASES['default']['CONN_MAX_AGE'])
"""


def test_a_pool_bounds_the_connections_of_a_process(tmp_path: Path) -> None:
    """DATABASE_POOL_SIZE: six threads reading at once (six requests under uvicorn) share three PostgreSQL
    connections; without it each has its own."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "CONN_MAX_AGE"))}
    env = {**clean, "VAR_DIR": str(tmp_path), "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/postgres"}
    for size, connections in (("3", "3 0"), ("0", "6 60")):
        result = subprocess.run([sys.executable, "-c", POOLED_READS], cwd=ROOT, env={**env, "DATABASE_POOL_SIZE": size},
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == connections.split()


def test_a_deaf_listener_is_refused_at_start() -> None:
    """LIVE_FANOUT=postgres through a pooler in transaction mode, with no direct connection for LISTEN: every
    live notice would be lost, so the site does not start, and says why."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "LIVE_FANOUT": "postgres", "DATABASE_TRANSACTION_POOLING": "1", "LIVE_DATABASE_URL": ""}
    done = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "needs LIVE_DATABASE_URL" in done.stderr, done.stderr[-500:]
