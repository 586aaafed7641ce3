from django.contrib import admin

from .models import Outbox, Preference


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # (as games/admin.py: not subscriptable at run time)
    """The outbox: what was sent, what waits, what failed (read-mostly; operators may requeue by editing)."""

    list_display = ("id", "kind", "to_email", "status", "attempts", "created_at", "sent_at")
    list_filter = ("status", "kind")
    search_fields = ("to_email", "dedupe_key")


admin.site.register(Preference)
