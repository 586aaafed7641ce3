"""The home page (the lobby when signed in) and the new-game form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.models import User
from core.errors import ServiceError

from . import hooks, selectors, services
from .deadlines.shown import clock_words, seat_clock
from .forms import LobbyFilterForm, NewGameForm, PlayBotsForm
from .models import Game
from .registry import kinds

LOBBY_SIZE = 50  # open games to join
MY_GAMES_SHOWN = 200  # of the open and finished ones: every running game of the player is shown


def home(request: HttpRequest) -> HttpResponse:
    """Signed out: what the site is. Signed in: my games (those waiting for me first), open games, finished ones."""
    if not request.user.is_authenticated:
        return render(request, "home.html", {"kinds": list(kinds)})
    return render(request, "games/lobby.html", _lobby(request.user, LobbyFilterForm(request.GET or None)))


def _lobby(user: User, filters: LobbyFilterForm) -> dict[str, Any]:
    """The lobby's lists: the selectors' games, sorted into the page's sections; the open games as the
    filters ask (an invalid filter is shown on its form and left out)."""
    running = _with_clocks(list(selectors.games_of(user).filter(status=Game.Status.ACTIVE)))
    mine = running + list(selectors.games_of(user).exclude(status=Game.Status.ACTIVE)[:MY_GAMES_SHOWN])
    # "Your move" across all of the player's games, the least time left first (their own seat's clock: in
    # a simultaneous decision with time banks, the game's deadline may be another seat's).
    waiting = sorted((g for g in running if g.my_seat in g.awaiting), key=_time_left)
    return {
        "waiting": waiting,
        "playing": [g for g in running if g not in waiting],
        "my_open": [g for g in mine if g.status == Game.Status.OPEN],
        "finished": [g for g in mine if g.status == Game.Status.FINISHED],
        "open_games": _open_games(user, filters),
        "filters": filters,
        "play_bots": PlayBotsForm(initial={"kind": next(iter(kinds)).name if len(kinds) else None}),
        # The page's live stream (/live/lobby?since=) tells of any change to these games after this mark.
        "live_since": sum(g.version for g in mine if g.status in (Game.Status.OPEN, Game.Status.ACTIVE)),
        "seats_wanted": [
            {"game": game, "seats": [seat + 1 for seat in seats]} for game, seats in services.games_with_wanted_seats(user)
        ],
    }


def _with_clocks(games: list[Any]) -> list[Any]:
    """The games, each with the player's own clock (`my_clock`) and its words (`my_clock_words`)."""
    for game in games:
        game.my_clock = seat_clock(game, game.my_seat)
        game.my_clock_words = clock_words(game.my_clock) if game.my_clock is not None else ""
    return games


def _time_left(game: Any) -> tuple[bool, float]:
    """The sort key of "your move": the seconds left on the player's clock (none: last)."""
    clock = game.my_clock
    if clock is None or clock.seconds_left is None:
        return True, 0.0
    return False, float(clock.seconds_left)


@dataclass(frozen=True)
class OpenGame:
    """An open game as the lobby lists it: its seated players with their figures, its options in words."""

    game: Game
    players: list[tuple[User, hooks.PlayerFacts]]
    options: list[str]


def _open_games(user: User, filters: LobbyFilterForm) -> list[OpenGame]:
    """The open games to join, filtered, with their players' figures (`hooks.player_facts`, one ask per kind)."""
    chosen = filters.cleaned_data if filters.is_bound and filters.is_valid() else {}
    games = list(selectors.open_games_for(user, kind=chosen.get("kind") or None, pace=chosen.get("pace") or None)[:LOBBY_SIZE])
    users_by_kind: dict[str, set[int]] = {}
    for game in games:
        users_by_kind.setdefault(game.kind, set()).update(seat.user_id for seat in game.seats.all())
    facts = {kind: hooks.player_facts(kind, sorted(users)) for kind, users in users_by_kind.items()}
    listed = []
    for game in games:
        kind = kinds.get(game.kind)
        listed.append(OpenGame(
            game=game,
            players=[(seat.user, facts[game.kind][seat.user_id]) for seat in game.seats.all()],
            options=kind.site_module.describe_options(dict(game.options)) if kind and kind.site else [],
        ))
    return listed


@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    """The new-game form; on success the creator lands in the waiting room."""
    form = NewGameForm(request.POST or None)
    if (created := _create_from(request, form)) is not None:
        return created
    return render(request, "games/new.html", {"form": form}, status=400 if form.errors else 200)


def _create_from(request: HttpRequest, form: NewGameForm | PlayBotsForm) -> HttpResponse | None:
    """A valid POSTed form's game created and the player sent to its page; None to show the form again (not
    posted, invalid, or refused by the service: its reason is then the form's error)."""
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        game = services.create_game(request.user, **form.game_arguments())  # type: ignore[arg-type]
    except ServiceError as error:
        form.add_error(None, error.reader_message())
        return None
    return redirect("game-page", game_id=game.pk)


@login_required
def play_bots(request: HttpRequest) -> HttpResponse:
    """The lobby's "play now against bots" (POST): a game of the player and bots, started at once; the player
    lands at its table. An invalid choice: the lobby again, with the form's errors."""
    form = PlayBotsForm(request.POST or None)
    if (created := _create_from(request, form)) is not None:
        return created
    context = {**_lobby(request.user, LobbyFilterForm()), "play_bots": form}  # type: ignore[arg-type]
    return render(request, "games/lobby.html", context, status=400 if form.errors else 200)
