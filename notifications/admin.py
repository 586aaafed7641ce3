"""Admin for the outbox and the preferences. Outbox rows are read-only there: a sender may hold a row at any
moment, so an edit could send a mail twice; failed rows go back to pending through `delivery.retry_failed`
(the action below, or `manage.py outbox --retry-failed`)."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy, ngettext

from games.admin import ReadOnlyAdmin

from . import delivery
from .models import Outbox, Preference


@admin.register(Outbox)
class OutboxAdmin(ReadOnlyAdmin):
    """The outbox: what was sent, what waits, what failed; failed rows can be sent again."""

    list_display = ("id", "kind", "channel", "to_email", "status", "attempts", "created_at", "sent_at")
    list_filter = ("status", "kind", "channel")
    search_fields = ("to_email", "dedupe_key")
    actions = ["retry_failed"]

    @admin.action(description=gettext_lazy("Send the failed ones among these again"))
    def retry_failed(self, request: HttpRequest, queryset: QuerySet[Outbox]) -> None:
        """Failed rows back to pending (the others are left alone), as `manage.py outbox --retry-failed`."""
        again = delivery.retry_failed(list(queryset.values_list("pk", flat=True)))
        self.message_user(request, ngettext("%(count)d mail will be sent again.", "%(count)d mails will be sent again.",
                                            len(again)) % {"count": len(again)}, messages.SUCCESS)


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """A player's email settings; the channels besides email are the alerts app's to keep (`alerts.channels`)."""

    list_display = ("user", "mode", "chat", "channels", "updated_at")
    readonly_fields = ("channels",)
