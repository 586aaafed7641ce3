"""WSGI entry point (gunicorn config.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

from core.body_limit import WsgiBodyLimit
from core.heap import freeze_loaded_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# An API request's chunked body counted first: Django reads no body without a Content-Length.
application = WsgiBodyLimit(get_wsgi_application())
freeze_loaded_application()
