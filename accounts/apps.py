from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Accounts app."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core import checks

        from . import signals  # noqa: F401  (connects the receiver that ends sign-ins on a new password)
        from .mails import check_account_mail_sender

        checks.register(check_account_mail_sender)
