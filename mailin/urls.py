"""URLs of mailin: the mail provider's webhooks under mail/anymail/ (django-anymail's views, behind mailin.views'
checks). Only the mounted provider's URLs exist (`providers.mounted`: configured, and its signing key set);
with no provider, none does (404). They are built from the settings when this module is imported."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from . import providers
from .views import provider_patterns


def _webhook_urlpatterns() -> list[URLPattern | URLResolver]:
    """The URLs under mail/anymail/ for the settings now: the mounted provider's webhooks, or nothing."""
    provider = providers.mounted()
    if provider is None:
        return []
    return [path("mail/anymail/", include((provider_patterns(provider), "anymail")))]


web_urlpatterns = _webhook_urlpatterns()
