from django.apps import AppConfig


class AlertsConfig(AppConfig):
    """Adds the push and webhook channels to the outbox (their rows beside each email's, their senders, the
    players' list of them on their preferences), the settings page's sections, and the app's share of a
    person's data."""

    name = "alerts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core import checks

        from accounts import personal_data as accounts_personal_data
        from notifications import delivery, outbox
        from notifications.models import Channel

        from . import channels, notices, personal_data, push_sender, settings_sections, vapid, webhook_sender

        channels.connect()
        outbox.add_channel(notices.rows_for)
        delivery.channel_senders.register(push_sender.send, name=Channel.PUSH)
        delivery.channel_senders.register(webhook_sender.send, name=Channel.WEBHOOK)
        settings_sections.add_sections()
        accounts_personal_data.parts.register(personal_data.PART)
        checks.register(vapid.check_keys_set, checks.Tags.security)
