"""The profile page: `/players/<id>/`, what the player shows of their games, ratings and reliability."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.errors import ServiceError
from games.registry import kinds

from . import profiles


@login_required
def profile_page(request: HttpRequest, user_id: int) -> HttpResponse:
    """A player's profile as the signed-in viewer may see it."""
    try:
        player = profiles.find_player(user_id)
    except ServiceError as error:
        return render(request, "error.html", {"message": error.reader_message()}, status=error.status)
    found = profiles.profile(player, request.user)  # type: ignore[arg-type]
    titles = {kind.name: kind.title for kind in kinds}
    for part in ("record", "ratings", "finished_games"):
        for row in found[part] or []:
            row["title"] = titles.get(row["kind"], row["kind"])
    reliability = found["reliability"]
    if reliability and reliability["median_seconds_to_move"] is not None:
        reliability["median_hours"] = reliability["median_seconds_to_move"] / 3600
    return render(request, "ratings/profile.html", {"profile": found, "own": request.user.pk == player.pk})
