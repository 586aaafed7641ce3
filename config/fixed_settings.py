"""The settings no environment variable changes, kept out of config/settings.py so that it reads as the list
of what an operator may set: the middleware, the password checks, the database's options per backend, the API framework's, the templates' engine,
the API's documentation, the Content-Security-Policy, the periodic tasks and the folders of the filesystem
broker (the embedded default). settings.py assigns each to its setting."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dj_database_url
from celery.schedules import crontab

MIDDLEWARE = [
    # Outermost: the request id (X-Request-ID) and one log line per request (core.request_log).
    "core.request_log.RequestLogMiddleware",
    # Every answer counted and timed for /metrics (core.metrics).
    "core.metrics.RequestMetricsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files (the site's stylesheet and scripts) served by the web process itself, also with DEBUG off.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # django-csp: the policy below on every response (a view may change its own with csp.decorators).
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # An API body over API_MAX_BODY_BYTES is 413 before anything reads it, in the reader's language
    # (core.body_limit; the entry points config.asgi and config.wsgi count a chunked body for it).
    "core.body_limit.ApiBodyLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.middleware.UserPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

# Django's four password checks (similar to the account's name, too short, too common, all digits).
PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in ("UserAttributeSimilarityValidator", "MinimumLengthValidator", "CommonPasswordValidator",
                 "NumericPasswordValidator")
]


def database(
    url: str, *, conn_max_age: int, pool_size: int, prepared_statements: bool, transaction_pooling: bool = False
) -> dict[str, Any]:
    """DATABASES["default"] for the database at `url`, with what each backend needs."""
    db: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True))
    if db["ENGINE"] == "django.db.backends.sqlite3":
        # IMMEDIATE transactions take SQLite's write lock at BEGIN, so two writers queue up instead of
        # failing half-way ("database is locked" on upgrade); WAL lets readers go on meanwhile.
        db["CONN_MAX_AGE"] = 0
        db["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 30,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
        # A file, not memory: the concurrency tests share the test database across threads.
        db.setdefault("TEST", {})["NAME"] = str(Path(db["NAME"]).with_suffix("")) + "-test.sqlite3"
        return db
    if db["ENGINE"] == "django.db.backends.postgresql" and prepared_statements:
        # Parameters bound by the server, and a statement a connection runs again and again (every request's
        # few) prepared on it after 5 runs: PostgreSQL then parses and plans it once per connection instead
        # of on every request. Off behind a pooler in transaction mode, which cannot keep a connection's
        # prepared statements.
        db["OPTIONS"] = {"server_side_binding": True, "prepare_threshold": 5}
    if db["ENGINE"] == "django.db.backends.postgresql" and transaction_pooling:
        # A cursor WITH HOLD (`.iterator()` outside a transaction) stays on the server connection it was
        # declared on, which the pooler may not give the next FETCH: the rows in one result instead.
        db["DISABLE_SERVER_SIDE_CURSORS"] = True
    if db["ENGINE"] == "django.db.backends.postgresql" and pool_size > 0:
        db["CONN_MAX_AGE"] = 0  # the pool keeps the connections (Django refuses both)
        db.setdefault("OPTIONS", {})["pool"] = {"min_size": 1, "max_size": pool_size, "timeout": 10}
    return db


def rest_framework(debug: bool, throttle_rates: dict[str, str], num_proxies: int | None) -> dict[str, Any]:
    """Django REST framework's settings: the operator's throttle rates (`DEFAULT_THROTTLE_RATES`) and trusted
    proxy hops (`NUM_PROXIES`); the browsable API only with DEBUG on."""
    return {
        "DEFAULT_AUTHENTICATION_CLASSES": [
            # DRF's own: `Authorization: Token <key>`, the token and its user in one query (select_related).
            # A token ends on a new password or a deactivation: accounts.signals deletes it (and DRF refuses an
            # inactive user's token besides).
            "rest_framework.authentication.TokenAuthentication",
            "rest_framework.authentication.SessionAuthentication",
        ],
        "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
        "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
        + (["rest_framework.renderers.BrowsableAPIRenderer"] if debug else []),
        # DRF's JSON parser with the limits of API_MAX_BODY_BYTES and API_MAX_JSON_DEPTH (size, depth, NUL and
        # lone surrogates refused: core/parsers.py).
        "DEFAULT_PARSER_CLASSES": ["core.parsers.JSONParser"],
        "EXCEPTION_HANDLER": "core.api.exception_handler",
        "DEFAULT_SCHEMA_CLASS": "core.schema.ApiAutoSchema",
        "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
        "DEFAULT_THROTTLE_RATES": throttle_rates,
        "NUM_PROXIES": num_proxies,
    }


def templates(site_dirs: list[Path], project_dir: Path) -> list[dict[str, Any]]:
    """TEMPLATES: Django's engine, the operator's folders (`site_dirs`) before the project's own."""
    return [
        {
            "BACKEND": "django.template.backends.django.DjangoTemplates",
            "DIRS": [*site_dirs, project_dir],
            "APP_DIRS": True,
            "OPTIONS": {
                "context_processors": [
                    "django.template.context_processors.request",
                    "django.contrib.auth.context_processors.auth",
                    "django.contrib.messages.context_processors.messages",
                    "django.template.context_processors.i18n",
                ],
            },
        },
    ]


# drf-spectacular's SPECTACULAR_SETTINGS: the API's title and introduction (/api/docs/).
API_SCHEMA: dict[str, Any] = {
    "TITLE": "Play by email: the API (Citadels, Dominion)",
    "DESCRIPTION": (
        "Citadels (with the Dark City) and Dominion (with Dark Ages), played over days. Every game is an "
        "append-only event log; every viewer sees only what the rules let them see.\n\n"
        "**Sign in.** `POST /api/accounts/register`, then `POST /api/accounts/token` with your email and "
        "password; send `Authorization: Token <token>` with each call (here: *Authorize*, `tokenAuth`, the "
        "value `Token <token>`). A signed-in browser's session works too.\n\n"
        "**Play.** `POST /api/games/` `{\"kind\": \"citadels\", \"players\": 4}` opens a game; the others "
        "`join` it, then the host calls `start`. `GET /api/games/{id}/` gives your `view` and `legal_commands`; when your "
        "seat is in `awaiting`, send one of them to `POST /api/games/{id}/commands` as `{\"command\": ...}`. "
        "The commands and options of each game are in the repository's `docs/commands.md`, `docs/rulings.md` "
        "and `docs/rulings-dominion.md`.\n\n"
        "**Errors** are JSON `{\"code\": ..., \"message\": ...}` with a 4xx status: `code` for programs, "
        "`message` for people, in `Accept-Language` (`en` or `de`)."
    ),
    "VERSION": "0.1.0",
    # Request and response shapes apart: a request's text field that may not be blank says `minLength: 1`.
    "COMPONENT_SPLIT_REQUEST": True,
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name for the chat's channels, wherever a serializer names them.
    "ENUM_NAME_OVERRIDES": {"ChatChannelEnum": "chat.models.Channel.choices"},
}

# django-csp's CONTENT_SECURITY_POLICY: scripts and styles from this site's static files only, no inline
# code, no other origin. Every page keeps its script and style in static files (games/static, core/static).
CONTENT_SECURITY_POLICY: dict[str, Any] = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# CELERY_BEAT_SCHEDULE: deadlines every minute, the outbox sweep every 5 seconds, digests once a day (games/tasks.py,
# notifications/tasks.py), the accounts' and open games' clean-ups.
BEAT_SCHEDULE: dict[str, dict[str, Any]] = {
    "enforce-due-deadlines": {"task": "games.enforce_due_deadlines", "schedule": 60.0},
    # The way new outbox rows leave (notifications.outbox.write_rows says why), and retries.
    "sweep-outbox": {"task": "notifications.sweep_outbox", "schedule": 5.0},
    "send-digests": {"task": "notifications.send_digests", "schedule": crontab(hour=7, minute=0)},
    "remove-inactive-unverified": {"task": "accounts.remove_inactive_unverified", "schedule": crontab(hour=3, minute=30)},
    "close-stale-open-games": {"task": "games.close_stale_open_games", "schedule": crontab(minute=17)},
    # Finished games leave the hot partitions of the event store a day after their end (games/archive.py).
    "archive-finished-games": {"task": "games.archive_finished_games", "schedule": crontab(minute=41)},
    # Tournaments: start at sign-up's end, record finished games, pair due rounds, games past their length.
    "advance-tournaments": {"task": "tournaments.advance_due", "schedule": 60.0},
    # The open record of last month's finished games (stats/open_record.py, docs/open-record.md).
    "write-open-record": {"task": "stats.write_open_record", "schedule": crontab(day_of_month=1, hour=4, minute=0)},
}


def filesystem_broker_folders(var_dir: Path) -> dict[str, Any]:
    """kombu's filesystem transport options: the queue's folders under var/celery/, made if missing (kombu's
    control folder would otherwise be ./control in the working directory)."""
    queue, processed, control = (var_dir / "celery" / name for name in ("queue", "processed", "control"))
    for folder in (queue, processed, control):
        folder.mkdir(parents=True, exist_ok=True)
    return {
        "data_folder_in": str(queue),
        "data_folder_out": str(queue),
        "processed_folder": str(processed),
        "store_processed": False,
        "control_folder": str(control),
    }
