"""The chat on a game's page: the form that posts a message (no JS needed), the small endpoint the table
polls for new messages (until the live updates carry them), the players' switches and muting."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.errors import ServiceError
from games.models import Game
from games.page_access import error_page, watched_game

from . import services
from .models import Message


def _back(game_id: int, token: str = "") -> HttpResponse:
    """Back to the chat on the game's page (a watcher's: the page of the watch link `token`)."""
    page = reverse("game-watch", args=[token]) if token else reverse("game-page", args=[game_id])
    return redirect(page + "#chat")


def _wants_json(request: HttpRequest) -> bool:
    """The table's script posts the form in place and asks for JSON (`Accept: application/json`)."""
    return request.headers.get("Accept", "").startswith("application/json")


def _said(request: HttpRequest, message: Message, game_id: int, token: str = "") -> HttpResponse:
    """After a message: the script's JSON (its number: the table fetches itself), else back to the chat."""
    if _wants_json(request):
        return JsonResponse({"seq": message.seq}, status=201)
    return _back(game_id, token)


def _refused(request: HttpRequest, error: ServiceError, game_id: int, token: str = "") -> HttpResponse:
    """A game the viewer may not see is its error page (a 404 like any missing game); any other refusal
    is told above the chat's form (to the script: as JSON `{code, message}` with the error's status)."""
    if _wants_json(request):
        return JsonResponse(error.as_dict(), status=error.status)
    if error.status == 404:
        return error_page(request, error)
    messages.error(request, error.reader_message())
    return _back(game_id, token)


@login_required
@require_POST
def post_message(request: HttpRequest, game_id: int) -> HttpResponse:
    """The chat form's post: the message is said, or the refusal is told above the form."""
    try:
        message = services.post(request.user, game_id, request.POST.get("text", ""), request.POST.get("channel") or None)
    except ServiceError as error:
        return _refused(request, error, game_id)
    return _said(request, message, game_id)


@require_GET
def new_messages(request: HttpRequest, game_id: int) -> JsonResponse:
    """The messages after `?after=N` as the chat's list items (`html`) and the last number (`last`)."""
    return _new_messages(request, game_id)


def _new_messages(request: HttpRequest, game_id: int, game: Game | None = None, back: str = "") -> JsonResponse:
    after = request.GET.get("after", "0")
    if not (after.isascii() and after.isdigit()):
        return JsonResponse({"code": "invalid", "message": _("after is a whole number.")}, status=400)
    user: Any = request.user
    try:
        chat = services.access(game_id, user, game=game)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    found = list(services.visible(chat, after=int(after))[:services.PAGE_SIZE])
    html = render_to_string("chat/messages.html", {
        "messages": found, "chat": chat, "muted": services.muted_ids(chat.user), "can_post": chat.user is not None,
        "back": back,
    }, request=request)
    return JsonResponse({"last": found[-1].seq if found else int(after), "html": html.strip()})


# --- a private game's watchers (its signed watch link): signed in, they read and write the spectators' chat


@login_required
@require_POST
def watch_post_message(request: HttpRequest, token: str) -> HttpResponse:
    """A watcher's message, said in the spectators' channel of the game the watch link names (the players'
    channel is refused: 403 `not_a_player`, told above the form)."""
    try:
        game = watched_game(token)
        message = services.post(request.user, game.pk, request.POST.get("text", ""), request.POST.get("channel") or None,
                                game=game)
    except ServiceError as error:
        return _refused(request, error, 0, token)
    return _said(request, message, game.pk, token)


@require_GET
def watch_new_messages(request: HttpRequest, token: str) -> JsonResponse:
    """The watcher's new messages (as `new_messages`), of the game the watch link names; the link is for
    signed-in watchers only (401 `not_authenticated` to others, as JSON: the page's script asks)."""
    try:
        if not request.user.is_authenticated:
            raise ServiceError("unauthenticated", "not_authenticated", _("Sign in to chat."))
        game = watched_game(token)
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    return _new_messages(request, game.pk, game, back=reverse("game-watch", args=[token]))


@login_required
@require_POST
def chat_settings(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host's switch (spectators read the players' chat) and a player's (hide the spectators' chat)."""
    try:
        if "players_public" in request.POST:
            services.set_players_public(request.user, game_id, request.POST["players_public"] == "1")  # type: ignore[arg-type]
        if "hide_spectators" in request.POST:
            services.set_hide_spectators(request.user, game_id, request.POST["hide_spectators"] == "1")  # type: ignore[arg-type]
    except ServiceError as error:
        return _refused(request, error, game_id)
    return _back(game_id)


@login_required
@require_POST
def mute(request: HttpRequest, user_id: int) -> HttpResponse:
    """Mute (`mute=1`) or unmute a player, then back to the game the button was on (`game`)."""
    game, back = request.POST.get("game", ""), request.POST.get("back", "")
    try:
        services.set_mute(request.user, user_id, request.POST.get("mute") == "1")  # type: ignore[arg-type]
    except ServiceError as error:
        messages.error(request, error.reader_message())
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back + "#chat")  # a watcher's page (the game's own page is a 404 to them)
    if game.isascii() and game.isdigit():
        return _back(int(game))
    return redirect("home")
