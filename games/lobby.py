"""The home page (the lobby when signed in) and the new-game form."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import Count, F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from config.errors import ServiceError

from . import services
from .forms import NewGameForm
from .models import Game, Seat
from .registry import KINDS

LOBBY_SIZE = 50


def home(request: HttpRequest) -> HttpResponse:
    """Signed out: what the site is. Signed in: my games (those waiting for me first), open games, finished ones."""
    if not request.user.is_authenticated:
        return render(request, "home.html", {"kinds": list(KINDS.values())})
    return render(request, "games/lobby.html", _lobby(request.user))


def _lobby(user: Any) -> dict[str, Any]:
    my_seats = dict(Seat.objects.filter(user=user).values_list("game_id", "index"))
    mine = list(
        Game.objects.filter(pk__in=list(my_seats)).annotate(seated=Count("seats")).order_by("-updated_at")[:200]
    )
    for game in mine:
        game.my_seat = my_seats.get(game.pk)  # type: ignore[attr-defined]
        game.title = KINDS[game.kind].title if game.kind in KINDS else game.kind  # type: ignore[attr-defined]
    waiting = [g for g in mine if g.status == Game.Status.ACTIVE and g.my_seat in g.awaiting]  # type: ignore[attr-defined]
    waiting.sort(key=lambda g: (g.deadline_at is None, g.deadline_at))
    open_games = list(
        Game.objects.filter(status=Game.Status.OPEN, listed=True)
        .exclude(pk__in=list(my_seats))
        .annotate(seated=Count("seats"))
        .filter(seated__lt=F("players"))
        .select_related("created_by")
        .order_by("-id")[:LOBBY_SIZE]
    )
    for game in open_games:
        game.title = KINDS[game.kind].title if game.kind in KINDS else game.kind  # type: ignore[attr-defined]
    return {
        "waiting": waiting,
        "playing": [g for g in mine if g.status == Game.Status.ACTIVE and g not in waiting],
        "my_open": [g for g in mine if g.status == Game.Status.OPEN],
        "finished": [g for g in mine if g.status == Game.Status.FINISHED],
        "open_games": open_games,
    }


@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    """The new-game form; on success the creator lands in the waiting room."""
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.create_game(request.user, **form.game_arguments())  # type: ignore[arg-type]
        except ServiceError as error:
            form.add_error(None, error.reader_message())
        else:
            return redirect("game-page", game_id=game.pk)
    return render(request, "games/new.html", {"form": form}, status=400 if form.errors else 200)

