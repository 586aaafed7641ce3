"""Who may reach a game's pages by a link, shared by the pages of games, of the chat and the live streams:
the signed invite and watch links, the game a watch link opens, and the refusal page. Not a view module: the
other apps import this one, never games.pages.
"""

from __future__ import annotations

from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import ServiceError

from . import services
from .models import Game

INVITE_SALT = "games.invite"
WATCH_SALT = "games.watch"


def error_page(request: HttpRequest, error: ServiceError, game_id: int | None = None) -> HttpResponse:
    """A friendly page for a refusal (an engine's in its game's words), with the error's HTTP status; with
    `game_id` (a game that exists), a way back to that game's page."""
    context = {"error": error, "message": error.reader_message(), "game_id": game_id}
    return render(request, "games/error.html", context, status=error.status)


def invite_token(game: Game) -> str:
    """The signed part of a game's invite link."""
    return signing.dumps({"g": game.pk}, salt=INVITE_SALT)


def invite_url(request: HttpRequest, game: Game) -> str:
    """The absolute invite link of a game."""
    return request.build_absolute_uri(reverse("game-invite", args=[invite_token(game)]))


def watch_token(game: Game) -> str:
    """The signed part of a private game's watch link: the same link each time (no moment in it), and another
    salt than the invite's, so neither opens the other's door."""
    return signing.Signer(salt=WATCH_SALT).sign_object({"g": game.pk})


def watch_url(request: HttpRequest, game: Game) -> str:
    """The absolute watch link of a private game."""
    return request.build_absolute_uri(reverse("game-watch", args=[watch_token(game)]))


def signed_game(token: str, signer: signing.Signer) -> int | None:
    """The game id a signed link names, or None for a forged, altered or malformed one."""
    try:
        return int(signer.unsign_object(token)["g"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def invited_game(token: str) -> int | None:
    """The game an invite link names, or None where the link is not valid."""
    return signed_game(token, signing.TimestampSigner(salt=INVITE_SALT))


def watched_game(token: str) -> Game:
    """The private game a watch link names, if its host lets spectators in and it has started; else the
    ServiceError to answer (one 404 for a forged link and for a game no longer open to spectators)."""
    game_id = signed_game(token, signing.Signer(salt=WATCH_SALT))
    game = services.find_game(game_id) if game_id is not None else None
    if game is None or not (game.listed or game.spectators_allowed):
        raise ServiceError("not_found", "invalid_watch_link",
                           _("This watch link is not valid, or the players no longer let spectators watch."))
    if game.version == 0:
        raise ServiceError("conflict", "not_started", _("This game has not started yet: it can be watched once it runs."))
    return game
