"""Mail in: moves by replying to the game emails, and bounces of the mail sent out."""

from django.apps import AppConfig


class MailinConfig(AppConfig):
    name = "mailin"
    verbose_name = "Mail in (replies and bounces)"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core import checks

        from . import providers, webhooks

        webhooks.connect()
        checks.register(providers.check_webhook_secrets, checks.Tags.security)
