"""The environment of the benchmarks' servers and of their own Django: production settings (DEBUG off) with
what a measurement on one machine wants (a fast password hasher, quiet logs, no HTTPS redirect, mails kept in
memory), the database migrated before the servers start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRET = "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"


# What every benchmark server runs with.
SERVED = {
    "DEBUG": "0",
    "SECRET_KEY": SECRET,
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "FAST_PASSWORD_HASHER": "1",
    "LOG_LEVEL": "WARNING",
    "CELERY_BROKER_URL": "memory://localhost/",
    "SECURE_SSL_REDIRECT": "0",
    "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
}


def server_env(**settings: str) -> dict[str, str]:
    """This process's environment with the benchmark servers' settings, then `settings` over them."""
    return {**os.environ, **SERVED, **settings}


def migrate(env: dict[str, str]) -> None:
    """`manage.py migrate` on the database of `env`."""
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)


def adopt(env: dict[str, str], *names: str) -> None:
    """This process's Django set up as the servers of `env` are (the benchmark's own reads and writes):
    `env`'s values of the servers' settings and of `names` copied into os.environ."""
    os.environ.update({name: env[name] for name in (*SERVED, *names)})
