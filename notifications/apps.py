from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    """Registers the hook listeners that write outbox rows with the events and the deadlines' notices, and
    the receiver of accounts' mails (`accounts.mails`); adds its parts to accounts' settings page."""

    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts.mails import account_mail_requested
        from games import hooks

        from . import outbox, settings_sections

        account_mail_requested.connect(outbox.on_account_mail_requested, dispatch_uid="notifications.account_mail")
        settings_sections.add_sections()
        hooks.subscribe(outbox.on_events_appended)
        hooks.on_timeout(outbox.on_timeout_played)
        hooks.on_reminder(outbox.on_reminder_due)
        hooks.on_seat_notice(outbox.on_seat_notice)
