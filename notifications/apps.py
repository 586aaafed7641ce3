from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    """Registers the hook listeners that write outbox rows with the events and the deadlines' notices."""

    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import hooks

        from . import outbox

        hooks.subscribe(outbox.on_events_appended)
        hooks.on_timeout(outbox.on_timeout_played)
        hooks.on_reminder(outbox.on_reminder_due)
