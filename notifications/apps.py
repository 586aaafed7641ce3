from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    """Registers the hook subscribers that keep deadlines and write outbox rows with the events."""

    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import deadlines, hooks

        from . import services

        # Order matters: the deadline columns are settled first, so the turn emails show the final deadline.
        hooks.subscribe(deadlines.on_events_appended)
        hooks.subscribe(services.on_events_appended)
