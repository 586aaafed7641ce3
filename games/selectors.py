"""Selectors: the reads behind the lobby, as QuerySets that the view slices and renders (the API's list of
games is `services.list_games`). Nothing here writes."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, F, OuterRef, QuerySet, Subquery

from accounts.models import User

from .models import Game, Seat

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class Seated(TypedDict):
    """What the lobby's selectors add to each game: the number of seats taken."""

    seated: int


class SeatedWithMine(Seated):
    """... and the user's own seat index (None before the start: seats have no number until then)."""

    my_seat: int | None


def games_of(user: User) -> QuerySet[WithAnnotations[Game, SeatedWithMine]]:
    """The games the user has a seat in, the most recently changed first."""
    own = Seat.objects.filter(user=user)
    return (
        Game.objects.filter(pk__in=own.values("game_id"))
        .annotate(seated=Count("seats"), my_seat=Subquery(own.filter(game=OuterRef("pk")).values("index")[:1]))
        .order_by("-updated_at")
    )


def open_games_for(user: User) -> QuerySet[WithAnnotations[Game, Seated]]:
    """The listed games waiting for players that have a free seat and that the user has not joined, the
    newest first, with their hosts."""
    return (
        Game.objects.filter(status=Game.Status.OPEN, listed=True)
        .exclude(pk__in=Seat.objects.filter(user=user).values("game_id"))
        .annotate(seated=Count("seats"))
        .filter(seated__lt=F("players"))
        .select_related("created_by")
        .order_by("-id")
    )
