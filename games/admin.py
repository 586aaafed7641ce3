"""Admin for games, seats and events. Everything is read-only: only games.services writes these tables,
and events are append-only."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import Absence, Event, Game, Seat, SeatPresence, Snapshot


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0
    fields = ("index", "user", "joined_at")
    readonly_fields = ("index", "user", "joined_at")
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["id", "kind", "status", "players", "version", "awaiting", "deadline_at", "created_by", "created_at"]
    list_filter = ["kind", "status"]
    search_fields = ["id", "created_by__email"]
    exclude = ["rng_salt"]  # the game's secret stays out of every page
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["game", "index", "user", "joined_at"]
    search_fields = ["user__email", "game__id"]


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "type", "actor_seat", "actor", "created_at"]
    list_filter = ["type"]
    search_fields = ["game__id"]
    list_select_related = ["actor"]


@admin.register(Snapshot)
class SnapshotAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "created_at"]


admin.site.register(Absence)
admin.site.register(SeatPresence)
