"""ASGI entry point (uvicorn config.asgi:application): the pages, the API and the live streams (SSE)."""

import os

from django.core.asgi import get_asgi_application

from config.heap import freeze_loaded_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_asgi_application()
freeze_loaded_application()
