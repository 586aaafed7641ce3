"""Settings, all from the environment, with embedded defaults that need no server.

Defaults (a laptop, `make run`): SQLite in var/, Celery's filesystem broker in var/celery/,
emails written as files into var/mail/. Production sets DATABASE_URL (PostgreSQL), CELERY_BROKER_URL
(Redis or RabbitMQ), SECRET_KEY, DEBUG=0, ALLOWED_HOSTS and the EMAIL_* settings.
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

from config import fixed_settings
from core.json_logs import logging_config
from core.sentry import init_sentry

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean from the environment ("1", "true", "yes", "on" are true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated list from the environment."""
    return [part.strip() for part in os.environ.get(name, default).split(",") if part.strip()]


DEBUG = env_bool("DEBUG", True)
_DEV_SECRET = "dev-only-insecure-secret-key-change-me-in-production-0123456789"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_SECRET)
if SECRET_KEY == _DEV_SECRET and not DEBUG:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")

# The seed of every game's random source derives from this secret (and the game), never from player input.
GAMES_RNG_SECRET = os.environ.get(
    "GAMES_RNG_SECRET", hashlib.sha256(("games-rng:" + SECRET_KEY).encode()).hexdigest()
)
# A snapshot of the state is stored every N events so that loading a game reads O(N) events at most.
GAMES_SNAPSHOT_EVERY = int(os.environ.get("GAMES_SNAPSHOT_EVERY", "50"))
# How long a finished game's log stays in the hot partitions (rematch, story, last looks), in hours; at most
# GAMES_ARCHIVE_BATCH games move a run of the hourly task (a first run may find the whole history to move).
GAMES_ARCHIVE_AFTER_HOURS = float(os.environ.get("GAMES_ARCHIVE_AFTER_HOURS", "24"))
GAMES_ARCHIVE_BATCH = int(os.environ.get("GAMES_ARCHIVE_BATCH", "2000"))
# States kept in each process's memory, keyed by (game, version): safe because a log never changes.
GAMES_STATE_CACHE_SIZE = int(os.environ.get("GAMES_STATE_CACHE_SIZE", "256"))
# Processes that sweep passed deadlines at once each minute (the beat task and this many - 1 helper tasks).
GAMES_DEADLINE_SWEEPERS = int(os.environ.get("GAMES_DEADLINE_SWEEPERS", "2"))
# Consecutive timeouts after which a seat is marked absent (the bot then plays it at once).
GAMES_ABSENT_AFTER_TIMEOUTS = int(os.environ.get("GAMES_ABSENT_AFTER_TIMEOUTS", "3"))
# Days of declared absence (vacation) a player has per calendar year.
GAMES_ABSENCE_DAYS_PER_YEAR = int(os.environ.get("GAMES_ABSENCE_DAYS_PER_YEAR", "30"))
# How often execute() re-decides a command that lost a race before it gives up with 409.
GAMES_COMMAND_RETRIES = int(os.environ.get("GAMES_COMMAND_RETRIES", "5"))
# How long a request to take a move back waits for the other players' answers (at most until the deadline).
GAMES_TAKEBACK_REQUEST_HOURS = float(os.environ.get("GAMES_TAKEBACK_REQUEST_HOURS", "24"))
# The public address used in links of emails.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
# Django's database sessions, each signed-in one filed under its account (accounts.sessions).
SESSION_ENGINE = "accounts.sessions"

INSTALLED_APPS = [
    # Before the admin: the sign-in and password-reset pages (accounts/templates/registration/) take the place
    # of the admin's templates of the same names (the app listed first wins).
    "accounts",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "games",
    "chat",
    "notifications",
    # Notices beyond email: browser push (Web Push, VAPID) and webhooks, sent through the same outbox.
    "alerts",
    "ratings",
    # Tournaments (Swiss, round robin) for either game: logs of their own, subscribed to the games' hooks.
    "tournaments",
    "stats",  # a game's story in pictures, a player's numbers, the leaderboards, the open record (docs/stats.md)
    # The players' calendar feeds of their deadlines (iCalendar at a secret address; docs/calendar.md).
    "calendars",
    "mailin",
    # The operator's pages (health, metrics, the imprint and the privacy page, templates in operations/templates/).
    "operations",
    # The game pages' live updates (server-sent events behind the fan-out of LIVE_FANOUT).
    "live",
    "anymail",
    # Each game's Django-facing app (its table template, words and translations), which registers its game
    # with the hosting when ready (games.registry.kinds; the first listed is a new game's default kind; the
    # system check games.E002 refuses to start with no game). Settings import no app: that would make config
    # and games import each other.
    "citadels.site",
    "dominion.site",
] + env_list("EXTRA_INSTALLED_APPS", "")

# The middleware, outermost first (config/fixed_settings.py says why each is there).
MIDDLEWARE = fixed_settings.MIDDLEWARE

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# SITE_TEMPLATES_DIR: the operator's own templates (the privacy page `legal/privacy.html`, the imprint
# `legal/imprint.html`, ...), which take the place of the project's.
SITE_TEMPLATES_DIR = os.environ.get("SITE_TEMPLATES_DIR", "")
TEMPLATES = fixed_settings.templates([Path(SITE_TEMPLATES_DIR)] if SITE_TEMPLATES_DIR else [], BASE_DIR / "core" / "templates")

# --- database -------------------------------------------------------------------------------------
DATABASE_URL = os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}")
# DATABASE_POOL_SIZE: at most this many PostgreSQL connections per process, from psycopg's pool (uvicorn gives
# each request a thread and a connection of its own: 500 pages polling at once hit "too many clients").
# DATABASE_TRANSACTION_POOLING=1 behind a pooler in transaction mode (PgBouncer's pool_mode = transaction): no
# prepared statements (DATABASE_PREPARED_STATEMENTS=1 again for PgBouncer 1.21+ with max_prepared_statements),
# no server-side cursors, no session SET (notifications.delivery): none of them outlives a transaction there.
DATABASE_POOL_SIZE = int(os.environ.get("DATABASE_POOL_SIZE", "0"))
DATABASE_TRANSACTION_POOLING = env_bool("DATABASE_TRANSACTION_POOLING", False)
DATABASES = {"default": fixed_settings.database(
    DATABASE_URL, conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")), pool_size=DATABASE_POOL_SIZE,
    prepared_statements=env_bool("DATABASE_PREPARED_STATEMENTS", not DATABASE_TRANSACTION_POOLING),
    transaction_pooling=DATABASE_TRANSACTION_POOLING,
)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- cache (rate limits) --------------------------------------------------------------------------
# Rate limits count in the cache: one process's memory by default; REDIS_CACHE_URL shares the counts
# between all web processes and machines (what a deployment with more than one process wants).
CACHES: dict[str, dict[str, Any]] = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": os.environ["REDIS_CACHE_URL"]}
        if os.environ.get("REDIS_CACHE_URL")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# --- live updates (server-sent events; see live/fanout.py and docs/architecture.md) -------------------
# How a committed move's notice (game id, version) reaches the web processes: "postgres" (LISTEN/NOTIFY on
# the database: no other service), "redis" (pub/sub on LIVE_REDIS_URL), "poll" (the embedded default: the
# process's own notices at once, the others' by a query of the version column every LIVE_POLL_SECONDS).
# Empty: "postgres" on PostgreSQL (but "poll" behind a pooler in transaction mode without LIVE_DATABASE_URL,
# where LISTEN hears nothing), else "poll".
LIVE_FANOUT = os.environ.get("LIVE_FANOUT", "")
if LIVE_FANOUT not in ("", "postgres", "redis", "poll"):
    raise ImproperlyConfigured("LIVE_FANOUT must be postgres, redis or poll")
LIVE_REDIS_URL = os.environ.get("LIVE_REDIS_URL", os.environ.get("REDIS_CACHE_URL", "redis://127.0.0.1:6379/0"))
# The live listener's own connection (LISTEN needs a session of its own). Empty: DATABASE_URL's database.
LIVE_DATABASE_URL = os.environ.get("LIVE_DATABASE_URL", "")
if LIVE_FANOUT == "postgres" and DATABASE_TRANSACTION_POOLING and not LIVE_DATABASE_URL:
    raise ImproperlyConfigured("LIVE_FANOUT=postgres behind a pooler in transaction mode needs LIVE_DATABASE_URL")
# The Redis channel of the notices (several sites on one Redis: one name each; PostgreSQL's channel is the
# database's own, `live.fanout.POSTGRES_CHANNEL`).
LIVE_CHANNEL = os.environ.get("LIVE_CHANNEL", "games_live")
LIVE_POLL_SECONDS = float(os.environ.get("LIVE_POLL_SECONDS", "1"))
# A comment line on an idle stream this often, so that proxies and browsers keep it open.
LIVE_KEEPALIVE_SECONDS = float(os.environ.get("LIVE_KEEPALIVE_SECONDS", "15"))
# At most this many of a web process's streams read the database at once (each read opens a connection
# and closes it): pages that all reconnect together, after a deploy say, must not exhaust max_connections.
LIVE_DATABASE_SLOTS = int(os.environ.get("LIVE_DATABASE_SLOTS", "8"))

# --- accounts -------------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = fixed_settings.PASSWORD_VALIDATORS
if env_bool("FAST_PASSWORD_HASHER", False):
    # Tests and benchmarks only: PBKDF2 with its full work factor costs ~0.3 s per login.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"
# Account emails (verification, reset) are outbox rows sent by the worker after commit (a reset's address is
# looked up by the worker); off: looked up and sent within the request.
ACCOUNTS_ASYNC_MAIL = env_bool("ACCOUNTS_ASYNC_MAIL", True)
# How long an email verification link stays valid.
ACCOUNTS_VERIFY_MAX_AGE = int(os.environ.get("ACCOUNTS_VERIFY_MAX_AGE", str(7 * 24 * 3600)))
# Seconds a mailed link that confirms an account's deletion stays valid (accounts.deletion).
ACCOUNTS_DELETE_LINK_MAX_AGE = int(os.environ.get("ACCOUNTS_DELETE_LINK_MAX_AGE", str(24 * 3600)))
# Seconds a mailed link to a data export stays valid; the export is deleted after it (accounts.export).
ACCOUNTS_EXPORT_LINK_MAX_AGE = int(os.environ.get("ACCOUNTS_EXPORT_LINK_MAX_AGE", str(7 * 24 * 3600)))
# The operator named on the imprint and the privacy page (operations.legal); an operator's own templates in
# SITE_TEMPLATES_DIR (legal/imprint.html, legal/privacy.html) replace the pages altogether.
LEGAL_OPERATOR_NAME = os.environ.get("LEGAL_OPERATOR_NAME", "")
LEGAL_OPERATOR_ADDRESS = os.environ.get("LEGAL_OPERATOR_ADDRESS", "")
LEGAL_OPERATOR_EMAIL = os.environ.get("LEGAL_OPERATOR_EMAIL", "")
# Days after which an account whose address was never confirmed and that nobody used is removed (a daily task).
ACCOUNTS_UNVERIFIED_DAYS = int(os.environ.get("ACCOUNTS_UNVERIFIED_DAYS", "30"))

# --- i18n -----------------------------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# The site's own words; each app (and each game's site module) brings its locale/ too. The .mo files are
# compiled from the .po files by `make install`.
LOCALE_PATHS = [BASE_DIR / "core" / "locale"]

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "core" / "static"]
# WhiteNoise finds the files where they are (no collectstatic step needed); WHITENOISE_USE_FINDERS=0
# after `manage.py collectstatic` serves STATIC_ROOT instead.
WHITENOISE_USE_FINDERS = env_bool("WHITENOISE_USE_FINDERS", True)

# --- security headers -----------------------------------------------------------------------------
# The Content-Security-Policy: this site's static files only (config/fixed_settings.py).
CONTENT_SECURITY_POLICY = fixed_settings.CONTENT_SECURITY_POLICY
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Production (DEBUG off) is HTTPS only, each of these can be turned off from the environment (e.g. a
# TLS-terminating proxy that redirects itself: SECURE_SSL_REDIRECT=0).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
# The load balancer's probe may ask over plain HTTP from inside (operations/health.py; it tells nothing secret).
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^metrics$"]
if os.environ.get("SECURE_PROXY_SSL_HEADER"):  # e.g. "HTTP_X_FORWARDED_PROTO" behind a TLS proxy
    SECURE_PROXY_SSL_HEADER = (os.environ["SECURE_PROXY_SSL_HEADER"], "https")

# --- API ------------------------------------------------------------------------------------------
# Per client (the user, or the address of an anonymous one) on the views that send mail or check passwords; a
# refusal is a 429 `{code: "throttled"}` with Retry-After, counted in the cache (below). The web forms count
# under the same scopes (core/throttles.py), also per account name.
REST_FRAMEWORK = fixed_settings.rest_framework(
    debug=DEBUG,
    throttle_rates={
        "register": os.environ.get("THROTTLE_REGISTER", "10/hour"),
        "token": os.environ.get("THROTTLE_TOKEN", "30/min"),
        # The web sign-in form (per client address and per account name) and the API token's account count.
        "sign_in": os.environ.get("THROTTLE_SIGN_IN", "5/min"),
        "password_reset": os.environ.get("THROTTLE_PASSWORD_RESET", "5/hour"),
        "verify_resend": os.environ.get("THROTTLE_VERIFY_RESEND", "5/hour"),
        # A player's data exports asked for, by the settings page's form and the API together.
        "data_export": os.environ.get("THROTTLE_DATA_EXPORT", "5/hour"),
        "inbound_mail": os.environ.get("THROTTLE_INBOUND_MAIL", "120/min"),
        # A calendar app's polls of one player's feed (calendars/feed.py), counted per feed.
        "calendar_feed": os.environ.get("THROTTLE_CALENDAR_FEED", "120/hour"),
    },
    # Behind a reverse proxy: how many X-Forwarded-For hops to trust when naming an anonymous client.
    num_proxies=int(os.environ["NUM_PROXIES"]) if os.environ.get("NUM_PROXIES") else None,
)
# The largest API request body (413 `body_too_large` past it; a command is at most 8 KB) and the deepest
# nesting of arrays and objects in it (400 `json_too_deep`), both checked before the JSON is decoded.
API_MAX_BODY_BYTES = int(os.environ.get("API_MAX_BODY_BYTES", str(64 * 1024)))
# The chat: at most this many messages from one player in this many seconds (429 `chat_rate_limited` past it).
CHAT_RATE_MESSAGES = int(os.environ.get("CHAT_RATE_MESSAGES", "10"))
CHAT_RATE_SECONDS = int(os.environ.get("CHAT_RATE_SECONDS", "60"))
API_MAX_JSON_DEPTH = int(os.environ.get("API_MAX_JSON_DEPTH", "32"))
# Web forms (and the mail webhooks): Django's own limit, a 400 page past it.
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("DATA_UPLOAD_MAX_MEMORY_SIZE", str(2_621_440)))
SPECTACULAR_SETTINGS = fixed_settings.API_SCHEMA

# --- email ----------------------------------------------------------------------------------------
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "core.mail_files.OneFilePerMailBackend")
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "30"))
# The site's name, not one game's: the same sender writes about every kind of game.
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Play by email <play@localhost>")

# --- notifications (the outbox and its senders) ---------------------------------------------------
# How long a claimed outbox row is reserved for its sender before the sweep may send it again.
NOTIFICATIONS_LEASE_SECONDS = float(os.environ.get("NOTIFICATIONS_LEASE_SECONDS", "300"))
# Attempts after which a row is given up (status failed) and left for an operator.
NOTIFICATIONS_MAX_ATTEMPTS = int(os.environ.get("NOTIFICATIONS_MAX_ATTEMPTS", "10"))
# The wait after the first failed attempt; it doubles with each further one (at most 6 hours).
NOTIFICATIONS_BACKOFF_SECONDS = float(os.environ.get("NOTIFICATIONS_BACKOFF_SECONDS", "60"))
# The waiting room's emails (a seat taken or left, a game closed, a rematch offered: the kind "table").
NOTIFICATIONS_TABLE_EMAILS = env_bool("NOTIFICATIONS_TABLE_EMAILS", True)
# The domain of the game mails' Message-IDs; empty: SITE_URL's host.
NOTIFICATIONS_MESSAGE_ID_DOMAIN = os.environ.get("NOTIFICATIONS_MESSAGE_ID_DOMAIN", "")

# --- notices beyond email: browser push and webhooks (the alerts app) ------------------------------
# The VAPID key pair that signs every push (RFC 8292): the private key as base64url (the raw 32-byte scalar,
# or DER), the public key as base64url of the uncompressed point (what browsers take as
# applicationServerKey). Unset: a pair is generated once into var/vapid.json (the embedded default).
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "").strip()
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "").strip()
# Who runs this service, for the push services' operators: a mailto: or https: address.
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "") or "mailto:" + (
    DEFAULT_FROM_EMAIL.rsplit("<", 1)[-1].rstrip(">").strip() or "play@localhost")
# Seconds each step of a push's or a webhook's delivery may wait (connect, send, each read of the answer).
ALERTS_TIMEOUT_SECONDS = float(os.environ.get("ALERTS_TIMEOUT_SECONDS", "5"))
# Seconds one delivery may take in all (resolve, connect, TLS, send, read the answer), however the receiver
# trickles; unset (0): three times ALERTS_TIMEOUT_SECONDS.
ALERTS_DELIVERY_SECONDS = float(os.environ.get("ALERTS_DELIVERY_SECONDS", "0"))
# How long a push service keeps a notice for a browser that is offline (the TTL header), in seconds.
ALERTS_PUSH_TTL_SECONDS = int(os.environ.get("ALERTS_PUSH_TTL_SECONDS", str(24 * 3600)))
# Webhooks and push subscriptions one player may have.
ALERTS_MAX_WEBHOOKS = int(os.environ.get("ALERTS_MAX_WEBHOOKS", "10"))
ALERTS_MAX_PUSH_SUBSCRIPTIONS = int(os.environ.get("ALERTS_MAX_PUSH_SUBSCRIPTIONS", "20"))
# Tests only: "host:port" pairs a webhook or push endpoint may reach over plain http and on any address
# (a test's local server). Empty in every deployment: https to public addresses only.
ALERTS_TEST_TARGETS = env_list("ALERTS_TEST_TARGETS", "")

# --- mail in (replies that play, bounces) ---------------------------------------------------------
# Turn emails carry Reply-To: play+<signed token>@MAILIN_DOMAIN; the operator routes that domain's mail to
# `manage.py receive_mail` (docs/deployment.md, "Routing mail in") or to a provider whose inbound webhook
# posts to /mail/anymail/.
MAILIN_DOMAIN = os.environ.get("MAILIN_DOMAIN", "") or (urlparse(SITE_URL).hostname or "localhost")
# The local part of reply addresses before the "+<token>".
MAILIN_LOCAL_PART = os.environ.get("MAILIN_LOCAL_PART", "play")
MAILIN_TOKEN_DAYS = int(os.environ.get("MAILIN_TOKEN_DAYS", "60"))  # a reply address stays valid this long
MAILIN_MAX_BYTES = int(os.environ.get("MAILIN_MAX_BYTES", str(256 * 1024)))
MAILIN_RATE_PER_HOUR = int(os.environ.get("MAILIN_RATE_PER_HOUR", "60"))  # mails taken per player (or stranger) and hour
# django-anymail's webhooks (Mailgun: inbound and tracking). WEBHOOK_SECRET is "user:password" of the
# basic auth in the webhook URL; the signing key checks each Mailgun payload's signature.
ANYMAIL: dict[str, Any] = {
    "MAILGUN_WEBHOOK_SIGNING_KEY": os.environ.get("MAILGUN_WEBHOOK_SIGNING_KEY", "").strip(),
    "WEBHOOK_SECRET": os.environ.get("ANYMAIL_WEBHOOK_SECRET", "") or None,
}
# The provider whose webhooks are mounted under /mail/anymail/<provider>/ ("mailgun" is the one supported):
# named by MAIL_PROVIDER, else taken to be Mailgun when its signing key is set or anymail's Mailgun backend
# sends the mail. Empty: no webhook URL exists. A provider without its signing key fails `manage.py check`.
MAIL_PROVIDER = os.environ.get(
    "MAIL_PROVIDER",
    "mailgun" if ANYMAIL["MAILGUN_WEBHOOK_SIGNING_KEY"] or EMAIL_BACKEND.startswith("anymail.backends.mailgun") else "",
).strip().lower()

# --- Celery ---------------------------------------------------------------------------------------
# The default broker needs no server: kombu's filesystem transport, queues as files under var/celery/. The
# host is named (and ignored) so that kombu does not warn "No hostname was supplied" on each connection.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://localhost/")
# Options of the broker's transport (kombu's): none for a server, the folders of the filesystem transport.
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, Any] = {}
if CELERY_BROKER_URL.startswith("filesystem://"):
    CELERY_BROKER_TRANSPORT_OPTIONS = fixed_settings.filesystem_broker_folders(VAR_DIR)
# The queue (and its exchange and routing key) the tasks go to and the workers take from. Deployments or test
# runs that share one broker keep apart by naming their own queue.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or None
CELERY_TASK_IGNORE_RESULT = True
# At-least-once delivery: a task is acknowledged after it ran, and every task must be idempotent.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TIMEZONE = "UTC"
# The worker and beat log through LOGGING below (text, or JSON lines with LOG_FORMAT=json), not Celery's own.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Periodic tasks (config/fixed_settings.py).
CELERY_BEAT_SCHEDULE = fixed_settings.BEAT_SCHEDULE

# `GET /healthz` (operations/health.py): how late mail delivery and the deadline sweep may be before the
# service is reported degraded, and how long the probe waits for the broker.
HEALTH_OUTBOX_LAG_MINUTES = float(os.environ.get("HEALTH_OUTBOX_LAG_MINUTES", "15"))
HEALTH_DEADLINE_LAG_MINUTES = float(os.environ.get("HEALTH_DEADLINE_LAG_MINUTES", "10"))
HEALTH_BROKER_TIMEOUT = float(os.environ.get("HEALTH_BROKER_TIMEOUT", "2"))

# `GET /metrics` (operations.metrics_view): readable from these addresses, or with `Authorization: Bearer <token>`
# when METRICS_TOKEN is set. PROMETHEUS_MULTIPROC_DIR: a folder the processes share their counts in (see
# core/metrics.py), needed with more than one process.
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
METRICS_ALLOWED_IPS = env_list("METRICS_ALLOWED_IPS", "127.0.0.1,::1")
METRICS_MULTIPROC_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")

# --- operations: logs, error reports -------------------------------------------------------------
# LOG_FORMAT=json: every log line a JSON object (core.json_logs), one per request and per Celery task with
# the request id (X-Request-ID), the user and the game; anything else: text lines.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text").strip().lower()
# Python's warnings (a library's UserWarning) as log records, so that they are JSON lines too.
logging.captureWarnings(LOG_FORMAT == "json")
# The line per request is the JSON logs' own; with text logs the web server's access log says as much
# (LOG_LEVEL_REQUESTS=INFO brings it back).
LOGGING = logging_config(LOG_FORMAT, os.environ.get("LOG_LEVEL", "INFO"),
                         os.environ.get("LOG_LEVEL_REQUESTS", "INFO" if LOG_FORMAT == "json" else "WARNING"))
# Errors reported to Sentry (sentry-sdk, the Django and Celery integrations, no personal data) when set.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
SENTRY_ENVIRONMENT = os.environ.get("SENTRY_ENVIRONMENT", "production")
SENTRY_TRACES_SAMPLE_RATE = float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0"))
if SENTRY_DSN:
    init_sentry(SENTRY_DSN, environment=SENTRY_ENVIRONMENT, traces_sample_rate=SENTRY_TRACES_SAMPLE_RATE)
