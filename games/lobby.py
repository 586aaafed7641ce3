"""The home page (the lobby when signed in) and the new-game form."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.models import User
from config.errors import ServiceError

from . import selectors, services
from .forms import NewGameForm
from .models import Game
from .registry import KINDS

LOBBY_SIZE = 50  # open games to join
MY_GAMES_SHOWN = 200


def home(request: HttpRequest) -> HttpResponse:
    """Signed out: what the site is. Signed in: my games (those waiting for me first), open games, finished ones."""
    if not request.user.is_authenticated:
        return render(request, "home.html", {"kinds": list(KINDS.values())})
    return render(request, "games/lobby.html", _lobby(request.user))


def _lobby(user: User) -> dict[str, Any]:
    """The lobby's lists: the selectors' games, sorted into the page's sections."""
    mine = list(selectors.games_of(user)[:MY_GAMES_SHOWN])
    waiting = [g for g in mine if g.status == Game.Status.ACTIVE and g.my_seat in g.awaiting]
    waiting.sort(key=lambda g: (g.deadline_at is None, g.deadline_at))
    return {
        "waiting": waiting,
        "playing": [g for g in mine if g.status == Game.Status.ACTIVE and g not in waiting],
        "my_open": [g for g in mine if g.status == Game.Status.OPEN],
        "finished": [g for g in mine if g.status == Game.Status.FINISHED],
        "open_games": list(selectors.open_games_for(user)[:LOBBY_SIZE]),
        "seats_wanted": [
            {"game": game, "seats": [seat + 1 for seat in seats]} for game, seats in services.games_with_wanted_seats(user)
        ],
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

