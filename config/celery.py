"""The Celery app. Tasks stay thin: they call service functions with ids (see DESIGN.md)."""

import os

from celery import Celery

from config import celery_signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("citadels_pbem")
# Every CELERY_* setting in config/settings.py configures this app.
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# The task counts of /metrics and the tasks' log lines with the request id that started them.
celery_signals.connect()
