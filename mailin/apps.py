"""Mail in: moves by replying to the game emails, and bounces of the mail sent out."""

from django.apps import AppConfig


class MailinConfig(AppConfig):
    name = "mailin"
    verbose_name = "Mail in (replies and bounces)"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core import checks

        from accounts import personal_data as accounts_personal_data

        from . import personal_data, providers, webhooks

        webhooks.connect()
        accounts_personal_data.parts.register(personal_data.PART)
        checks.register(providers.check_webhook_secrets, checks.Tags.security)
