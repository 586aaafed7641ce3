"""The chat in the admin: an operator reads messages and hides one for everybody (hidden, not deleted)."""

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import services
from .models import Message


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "seq", "channel", "author", "text", "game_version", "created_at", "hidden"]
    list_filter = ["channel", "hidden"]
    search_fields = ["text", "author__email", "author__display_name"]
    readonly_fields = ["game", "seq", "channel", "author", "text", "game_version", "created_at", "hidden", "hidden_at"]
    actions = ["hide", "show"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # hidden, never deleted

    @admin.action(description=_("Hide the selected messages for everybody"))
    def hide(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        count = services.hide_messages(queryset)
        self.message_user(request, ngettext("%(count)d message hidden.", "%(count)d messages hidden.", count)
                          % {"count": count}, messages.SUCCESS)

    @admin.action(description=_("Show the selected messages again"))
    def show(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        queryset.update(hidden=False, hidden_at=None)
