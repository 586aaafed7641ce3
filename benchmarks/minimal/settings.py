"""Settings of the minimal append app: Django's defaults where the service has its own choices, the
service's database settings (persistent connections with health checks, prepared statements) so that both
pay the same."""

from __future__ import annotations

import os
from typing import Any

import dj_database_url

SECRET_KEY = os.environ.get("SECRET_KEY", "minimal-benchmark-only-secret-key-0123456789-abcdefghijklmnopqrst")
DEBUG = False
# gunicorn.conf.py (read by any gunicorn started in the checkout) formats the server's own lines through
# core.json_logs, which reads this.
LOG_FORMAT = "text"
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "rest_framework",
    "rest_framework.authtoken",
    "benchmarks.minimal",
]
# Django's default middleware (as `startproject` writes it).
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
ROOT_URLCONF = "benchmarks.minimal.urls"
DATABASES: dict[str, Any] = {
    "default": dict(
        dj_database_url.parse(
            os.environ["MINIMAL_DATABASE_URL"],
            conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
            conn_health_checks=True,
        )
    )
}
if os.environ.get("DATABASE_PREPARED_STATEMENTS", "1").strip().lower() in {"1", "true", "yes", "on"}:
    # As the service: server-side binding, repeated statements prepared once per connection.
    DATABASES["default"]["OPTIONS"] = {"server_side_binding": True, "prepare_threshold": 5}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
}
