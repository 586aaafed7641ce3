"""The ratings in the admin, read-only: they are derived from the logs (`manage.py recompute_ratings`)."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import Rating, Result


class ReadOnly(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("user", "kind", "mu", "sigma", "games")


@admin.register(Result)
class ResultAdmin(ReadOnly):
    list_display = ("game", "user", "kind", "place", "mu_after")
