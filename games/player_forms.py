"""The forms a player posts about a game beside their moves: take a move back (or answer such a request),
resign, offer or answer a rematch, take over a wanted seat. Each calls one service and goes back to the
game's page; a refusal is the error page (`pages.refused`). No JavaScript is needed."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError

from . import services
from .page_access import error_page
from .pages import refused


@login_required
@require_POST
def take_back(request: HttpRequest, game_id: int) -> HttpResponse:
    """Take back one's last move, or ask the others (the Take back button; no JavaScript needed)."""
    try:
        outcome = services.take_back(request.user, game_id)  # type: ignore[arg-type]
    except ServiceError as error:
        return refused(request, error, game_id)
    if outcome.result is not None:
        messages.success(request, _("Your last move was taken back."))
    else:
        messages.info(request, _("The other players were asked to let you take back your last move."))
    return redirect("game-page", game_id=game_id)


@login_required
@require_POST
def take_back_answer(request: HttpRequest, game_id: int) -> HttpResponse:
    """Accept or refuse another player's request to take a move back."""
    accept = request.POST.get("accept") == "1"
    try:
        answered = services.answer_takeback(request.user, game_id, accept)  # type: ignore[arg-type]
    except ServiceError as error:
        return refused(request, error, game_id)
    if answered.status == answered.Status.ACCEPTED:
        messages.success(request, _("You accepted: the move was taken back."))
    else:
        messages.info(request, _("You accepted the request.") if accept else _("You refused the request."))
    return redirect("game-page", game_id=game_id)


@login_required
@require_POST
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    """The player resigns, once they confirmed it (the form's `confirm`): the bot plays their seat for good."""
    if request.POST.get("confirm") != "yes":
        error = ServiceError("invalid", "not_confirmed", _("Confirm that you resign with the button “Yes, I resign”."))
        return error_page(request, error, game_id=game_id)
    try:
        services.resign(request.user, game_id)  # type: ignore[arg-type]
    except ServiceError as error:
        return refused(request, error, game_id)
    messages.success(request, _("You resigned; the bot plays your seat from now on."))
    return redirect("game-page", game_id=int(game_id))


@login_required
@require_POST
def rematch(request: HttpRequest, game_id: int, answer: str = "") -> HttpResponse:
    """Offer the rematch of a finished game (no `answer`), or accept or decline the one offered."""
    action = {"": services.offer_rematch, "accept": services.accept_rematch, "decline": services.decline_rematch}[answer]
    try:
        offer = action(request.user, game_id)  # type: ignore[arg-type]
    except ServiceError as error:
        return refused(request, error, game_id)
    if answer == "accept":
        return redirect("game-page", game_id=offer.game_id)
    return redirect("game-page", game_id=int(game_id))


@login_required
@require_POST
def take_over(request: HttpRequest, game_id: int) -> HttpResponse:
    """Take over a wanted seat (the lobby's form names it)."""
    seat = request.POST.get("seat", "")
    try:
        services.take_over_seat(request.user, game_id, int(seat) if seat.isascii() and seat.isdigit() else None)  # type: ignore[arg-type]
    except ServiceError as error:
        return refused(request, error, game_id)
    return redirect("game-page", game_id=int(game_id))
