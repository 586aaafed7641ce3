"""A player's takeback: taken back at once when the rules allow (`takeback`), else asked of the other players,
who accept or refuse; once all accept, the takeback is appended through the one write path
(`commands.apply_command`). A refusal, any move in the game or the request's deadline ends a request."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError
from rules_kit.takeback import TAKE_BACK

from .. import hooks
from ..models import SERVICE_KEY_PREFIX, Game, Seat, TakebackRequest
from . import takeback
from .commands import CommandResult, apply_command, execute
from .reading import may_see
from .writing import LostRace, game_not_found, game_or_404


@dataclass(frozen=True)
class TakebackOutcome:
    """What a takeback did: took the move back (`result`, the command's answer) or asked the others (`request`)."""

    result: CommandResult | None = None
    request: TakebackRequest | None = None


def take_back(user: User, game_id: Any, idempotency_key: str | None = None) -> TakebackOutcome:
    """Take back the user's last move: at once when the rules let them alone, else by asking the other
    players (a request). ServiceError when there is nothing to take back or a request is already open."""
    try:
        return TakebackOutcome(result=execute(user, game_id, {"type": TAKE_BACK}, idempotency_key))
    except ServiceError as error:
        if error.code != "takeback_needs_consent":
            raise
    return TakebackOutcome(request=ask_takeback(user, game_id))


def _seated_game(user: User, game_id: Any) -> tuple[Game, int, dict[int, int]]:
    """The game (its row locked), the user's seat and every seat's user id; refusals for the rest."""
    game = game_or_404(game_id, lock=True)
    users = {int(index): user_id for index, user_id in
             Seat.objects.filter(game=game, index__isnull=False).values_list("index", "user_id") if index is not None}
    seat = next((index for index, user_id in users.items() if user_id == user.pk), None)
    if seat is None:
        if not may_see(game, user):
            raise game_not_found(game_id)
        raise ServiceError("forbidden", "not_a_player", gettext("You have no seat in this game."))
    if game.status != Game.Status.ACTIVE:
        raise ServiceError("conflict", "game_not_active", gettext("Only a game in play takes moves back."))
    return game, seat, users


def end_stale_requests(game: Game) -> None:
    """Mark ended the game's open requests that a move or their deadline has ended."""
    stale = Q(expires_at__lte=timezone.now()) | ~Q(at_version=game.version)
    TakebackRequest.objects.filter(stale, game=game, status=TakebackRequest.Status.OPEN).update(
        status=TakebackRequest.Status.EXPIRED, decided_at=timezone.now()
    )


def open_takeback_request(game: Game) -> TakebackRequest | None:
    """The game's request that is still open (none after a move, a refusal or its deadline)."""
    request = TakebackRequest.objects.filter(game=game, status=TakebackRequest.Status.OPEN).first()
    if request is None or request.at_version != game.version or request.expires_at <= timezone.now():
        return None
    return request


def ask_takeback(user: User, game_id: Any) -> TakebackRequest:
    """Ask the other players to let the user take back their newest move (and every move since)."""
    with transaction.atomic():
        game, seat, users = _seated_game(user, game_id)
        end_stale_requests(game)
        if TakebackRequest.objects.filter(game=game, status=TakebackRequest.Status.OPEN).exists():
            raise ServiceError("conflict", "takeback_request_open", gettext("A request to take a move back is open already."))
        target = takeback.newest_own_target(game, seat)
        if target is None:
            raise ServiceError("conflict", "nothing_to_take_back", gettext("You have no move to take back."))
        if takeback.resigned_since(game, target):  # as the takeback itself refuses it: a resignation is final
            raise takeback.resignation_final()
        if takeback.bot_seats(game):  # a bot grants no takeback: the request could only run out
            raise ServiceError("conflict", "bots_never_consent", gettext(
                "Something hidden was shown since your move, and the bots at this table never agree to take moves back."))
        now = timezone.now()
        expires = now + timedelta(hours=float(settings.GAMES_TAKEBACK_REQUEST_HOURS))
        if game.deadline_at is not None:
            expires = min(expires, game.deadline_at)
        request = TakebackRequest.objects.create(
            game=game, seat=seat, user=user, to_version=target, at_version=game.version, expires_at=expires
        )
        others = sorted(index for index in users if index != seat)
        hooks.takeback_asked(hooks.TakebackAsked(game, request.pk, seat, others, target))
    return request


def answer_takeback(user: User, game_id: Any, accept: bool) -> TakebackRequest:
    """Accept or refuse the open request as one of the other players; the last acceptance takes the moves
    back (through `apply_command`), a refusal ends the request."""
    with transaction.atomic():
        game, seat, users = _seated_game(user, game_id)
        request = open_takeback_request(game)
        end_stale_requests(game)
        if request is None:
            raise ServiceError("conflict", "takeback_request_ended", gettext("There is no open request to take a move back."))
        if seat == request.seat:
            raise ServiceError("forbidden", "own_takeback_request", gettext("The other players answer your request."))
        if str(seat) in request.answers:
            raise ServiceError("conflict", "takeback_already_answered", gettext("You have answered this request already."))
        request.answers = {**request.answers, str(seat): bool(accept)}
        others = {str(index) for index in users if index != request.seat}
        if not accept:
            request.status, request.decided_at = TakebackRequest.Status.REFUSED, timezone.now()
        elif all(request.answers.get(other) is True for other in others):
            request.status, request.decided_at = TakebackRequest.Status.ACCEPTED, timezone.now()
            _take_back(game, request)
        request.save(update_fields=["answers", "status", "decided_at"])
        hooks.takeback_answered(hooks.TakebackAnswered(game, request.pk, request.seat, seat, bool(accept), request.status))
    return request


def _take_back(game: Game, request: TakebackRequest) -> None:
    """Append the accepted request's takeback, as the requester's command, through the one write path."""
    command = {"type": TAKE_BACK, "request": request.pk}
    try:
        apply_command(game, request.user, request.seat, command, key=f"{SERVICE_KEY_PREFIX}takeback:{request.pk}")
    except LostRace:
        raise ServiceError("conflict", "busy", gettext("The game is busy; answer again.")) from None


def request_as_dict(request: TakebackRequest | None) -> dict[str, Any] | None:
    """A request as the API and the page show it (None for none)."""
    if request is None:
        return None
    return {
        "id": request.pk, "seat": request.seat, "to_version": request.to_version, "at_version": request.at_version,
        "answers": dict(request.answers), "status": request.status, "expires_at": request.expires_at,
    }


def takeback_status(game: Game, seat: int | None) -> dict[str, Any]:
    """What `seat` may do about taking back now: take its last move back alone (`may_take_back`), ask the
    others (`may_ask`), and the open request, if any (whose answers it may give when it is not its own)."""
    request = open_takeback_request(game) if game.status == Game.Status.ACTIVE else None
    free = ask = False
    if seat is not None and game.status == Game.Status.ACTIVE:
        free = takeback.free_target(game, seat) is not None
        ask = (not free and request is None and takeback.request_target(game, seat) is not None
               and not takeback.bot_seats(game))
    answerable = request is not None and seat is not None and seat != request.seat and str(seat) not in request.answers
    return {"may_take_back": free, "may_ask": ask, "may_answer": answerable, "request": request_as_dict(request),
            "refused": _refused_by(game, seat) if request is None else None}


def _refused_by(game: Game, seat: int | None) -> int | None:
    """The seat that refused this seat's newest request, while nothing has moved since it was asked (the asker
    is told on the page until the game goes on); None otherwise."""
    if seat is None or game.status != Game.Status.ACTIVE:
        return None
    newest = TakebackRequest.objects.filter(game=game, seat=seat, at_version=game.version).order_by("-id").first()
    if newest is None or newest.status != TakebackRequest.Status.REFUSED:
        return None
    return next((int(other) for other, accepted in newest.answers.items() if accepted is False), None)
