"""The tournaments in the admin: read-only (every change goes through `tournaments.services`)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import EntryBan, Tournament, TournamentEvent, TournamentGame


class ReadOnly(admin.ModelAdmin):  # type: ignore[type-arg]
    """Shown, never changed here: a tournament's rows are its log's projections."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(ReadOnly):
    list_display = ("id", "name", "kind", "format", "status", "current_round", "players_count", "version")
    list_filter = ("status", "kind", "format")


@admin.register(TournamentEvent)
class TournamentEventAdmin(ReadOnly):
    list_display = ("tournament", "seq", "type", "created_at")


@admin.register(TournamentGame)
class TournamentGameAdmin(ReadOnly):
    list_display = ("tournament", "round", "table", "game")


@admin.register(EntryBan)
class EntryBanAdmin(ReadOnly):
    list_display = ("user", "tournament", "until", "reason")
