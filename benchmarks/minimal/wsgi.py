"""WSGI entry point of the minimal append app (gunicorn benchmarks.minimal.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.minimal.settings")

application = get_wsgi_application()
