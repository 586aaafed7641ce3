"""The mail provider whose webhooks (inbound mail, delivery events) the site mounts, and the system check
that refuses a provider without its signing key.

A provider's webhook believes what a signed request says (a bounce stops a player's game mail), so a webhook
exists only where its secret is set: where no provider is configured (Postfix pipes the mail into
`manage.py receive_mail`), there is no webhook URL at all.
"""

from __future__ import annotations

from typing import Any

from anymail.utils import get_anymail_setting
from django.conf import settings
from django.core import checks

SUPPORTED = ("mailgun",)


def configured() -> str:
    """The provider the settings name (MAIL_PROVIDER), lower-case; "" for none."""
    return str(settings.MAIL_PROVIDER or "").strip().lower()


def signing_key(provider: str) -> str:
    """The key that signs `provider`'s webhook requests, as anymail's view reads it ("" when unset or blank)."""
    if provider != "mailgun":
        return ""
    api_key = get_anymail_setting("api_key", esp_name="Mailgun", allow_bare=True, default=None)
    key = get_anymail_setting("webhook_signing_key", esp_name="Mailgun", default=api_key or "")
    return str(key or "").strip()


def mounted() -> str | None:
    """The provider whose webhook URLs exist: the configured one, if supported and its signing key is set."""
    provider = configured()
    return provider if provider in SUPPORTED and signing_key(provider) else None


def check_webhook_secrets(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """System check: a configured provider must be a supported one and have its webhook signing key."""
    provider = configured()
    if not provider:
        return []
    if provider not in SUPPORTED:
        return [checks.Error(
            f"MAIL_PROVIDER={provider!r} is not supported.",
            hint=f"Use one of {', '.join(SUPPORTED)}, or leave MAIL_PROVIDER empty (mail piped into "
                 "`manage.py receive_mail`, no webhook URLs).",
            id="mailin.E001",
        )]
    if not signing_key(provider):
        return [checks.Error(
            f"The mail provider is {provider}, but MAILGUN_WEBHOOK_SIGNING_KEY is empty: anyone could sign "
            "a webhook request with the empty key and stop any player's game mail.",
            hint="Set MAILGUN_WEBHOOK_SIGNING_KEY to the HTTP webhook signing key of Mailgun's dashboard. "
                 "Without a provider (Postfix), leave MAIL_PROVIDER empty and do not use anymail's Mailgun "
                 "EMAIL_BACKEND.",
            id="mailin.E002",
        )]
    return []
