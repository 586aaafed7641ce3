"""The stats app's pages: a game's story in pictures (`/games/<id>/story`, `?at=N` up to a replay's step,
`?fragment=1` the charts alone, for another page to put in place), a player's numbers
(`/players/<id>/numbers`) and the leaderboards (`/leaderboards/<kind>/?page=N`).
Every page works without JavaScript."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from games import services
from games.models import Game
from games.page_access import error_page
from games.registry import default_kind, get_kind, kinds
from ratings.profiles import find_player

from .leaderboards import leaderboard
from .player_numbers import player_numbers
from .png import signature_allows, story_png
from .story import story_charts
from .svg import draw
from .tournament_board import tournament_leaderboard


def game_story_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """A game's charts, as the viewer may see them (a private game: its players' only, as its table)."""
    user: Any = request.user if request.user.is_authenticated else None
    try:
        game = services.get_game(game_id, user)
        at = request.GET.get("at") or ""
        if at:
            at = str(services.state_at(game, user, at)["version"])
    except ServiceError as error:
        return error_page(request, error)
    context = {"game": game, "kind": get_kind(game.kind), "at": at, "hands_open": game.status == game.Status.FINISHED,
               "charts": story_charts(game, user, int(at) if at else None)}
    template = "stats/story_charts.html" if request.GET.get("fragment") else "stats/story_page.html"
    return render(request, template, context)


def game_story_png(request: HttpRequest, game_id: int) -> HttpResponse:
    """`/games/<id>/story.png`: a finished game's main chart as a PNG (for mail clients, which show no SVG), to
    whoever may see the game or holds the signed link (`stats.png.signed_png_url`); a 404 otherwise, and for a
    running game or one with nothing to draw. Cached by browsers a day: the chart of a finished game never changes."""
    user: Any = request.user if request.user.is_authenticated else None
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not signature_allows(game_id, request.GET.get("key") or ""):
        try:
            game = services.get_game(game_id, user)
        except ServiceError:
            raise Http404 from None
    png = story_png(game) if game.status == Game.Status.FINISHED else None
    if png is None:
        raise Http404
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "private, max-age=86400"
    return response


@login_required
def player_numbers_page(request: HttpRequest, user_id: int) -> HttpResponse:
    """A player's numbers as the signed-in viewer may see them, with their rating's history as a chart."""
    try:
        player = find_player(user_id)
    except ServiceError as error:
        return render(request, "error.html", {"message": error.reader_message()}, status=error.status)
    numbers = player_numbers(player, request.user)  # type: ignore[arg-type]
    paces = {"fast": _("Fast games"), "normal": _("Normal games"), "slow": _("Slow games")}
    for kind in numbers["kinds"]:
        for row in kind["time_to_move_by_pace"] or []:
            row["title"] = paces.get(row["pace"], row["pace"])
        story = get_kind(kind["kind"]).story_module
        kind["favourites_title"] = story.favourites_title() if story is not None else _("Favourites")
        if kind["rating_history"]:
            chart = {"type": "lines", "title": _("Rating"), "x_title": _("Rated games"), "y_title": _("Rating"),
                     "description": _("The rating after each rated game."),
                     "x": [str(i + 1) for i in range(len(kind["rating_history"]))],
                     "series": [{"name": numbers["display_name"], "values": [p["rating"] for p in kind["rating_history"]]}]}
            kind["rating_chart"] = {"svg": draw(f"rating-{kind['kind']}", chart)}
    return render(request, "stats/player_numbers.html", {"numbers": numbers, "own": request.user.pk == player.pk})


@login_required
def leaderboards_page(request: HttpRequest) -> HttpResponse:
    """`/leaderboards/`: the first game kind's leaderboard."""
    return redirect("leaderboard", kind=default_kind())


@login_required
def leaderboard_page(request: HttpRequest, kind: str) -> HttpResponse:
    """One page of a game kind's leaderboard by rating (`?page=N`) and, beside it, one of its board by
    tournament wins (`?wins_page=N`), with a link to each kind's."""
    try:
        board = leaderboard(kind, request.GET.get("page"))
        wins = tournament_leaderboard(kind, request.GET.get("wins_page"))
    except ServiceError as error:
        return render(request, "error.html", {"message": error.reader_message()}, status=error.status)
    return render(request, "stats/leaderboard.html", {"board": board, "wins": wins, "kinds": list(kinds)})
