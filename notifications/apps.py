from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    """Registers the hook listeners that write outbox rows with the events and the deadlines' notices, and
    the sender of accounts' mails (`accounts.mails`); adds its parts to accounts' settings page."""

    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts import personal_data as accounts_personal_data
        from accounts.mails import account_mail_requested
        from chat import hooks as chat_hooks
        from games import hooks
        from tournaments import hooks as tournament_hooks

        from . import chat_mail, outbox, personal_data, settings_sections, tournament_mails

        account_mail_requested.register(outbox.on_account_mail_requested)
        settings_sections.add_sections()
        accounts_personal_data.parts.register(personal_data.PART)
        hooks.subscribe(outbox.on_events_appended)
        hooks.on_timeout(outbox.on_timeout_played)
        hooks.on_reminder(outbox.on_reminder_due)
        hooks.on_takeback_asked(outbox.on_takeback_asked)
        hooks.on_takeback_answered(outbox.on_takeback_answered)
        chat_hooks.subscribe(chat_mail.on_message_posted)
        hooks.on_seat_notice(outbox.on_seat_notice)
        tournament_hooks.events_written.register(tournament_mails.on_tournament_events)
