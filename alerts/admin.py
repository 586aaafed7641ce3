"""Admin of the players' push subscriptions and webhooks: seen and removed, never edited (a webhook's URL is
checked by `webhooks.add_webhook`, which the admin's form would bypass)."""

from django.contrib import admin
from django.http import HttpRequest

from .models import PushSettings, PushSubscription, Webhook


class _SeenAndRemoved(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(PushSubscription)
class PushSubscriptionAdmin(_SeenAndRemoved):
    list_display = ("id", "user", "user_agent", "created_at")
    search_fields = ("endpoint",)


@admin.register(Webhook)
class WebhookAdmin(_SeenAndRemoved):
    list_display = ("id", "user", "format", "url", "game", "created_at")
    list_filter = ("format",)
    exclude = ("secret",)


admin.site.register(PushSettings, _SeenAndRemoved)
