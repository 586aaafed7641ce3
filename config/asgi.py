"""ASGI entry point (uvicorn config.asgi:application): the pages, the API and the live streams (SSE)."""

import os

from django.core.asgi import get_asgi_application

from core.body_limit import AsgiBodyLimit
from core.heap import freeze_loaded_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# An API request's body counted (a chunked one) or left unread (an oversize one) before Django spools it.
django_application = AsgiBodyLimit(get_asgi_application())

from live.asgi import LiveStreams  # noqa: E402 - once Django is set up (get_asgi_application)

# The live streams' GETs served past Django's request machinery, once allowed (live/asgi.py); the rest as ever.
application = LiveStreams(django_application)
freeze_loaded_application()
