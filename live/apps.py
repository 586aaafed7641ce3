"""The live app: subscribes the after-commit notice to the appended events and to the waiting rooms' changes."""

from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = "Live updates"

    def ready(self) -> None:
        from games import hooks

        from . import publish

        hooks.subscribe(publish.on_events_appended)
        hooks.on_seat_notice(publish.on_seat_notice)
