"""Rematch: at the end of a game, one player offers the same players a new game with the same options; each
accepts (takes a seat) or declines (the offer ends); the new game starts by itself, seats drawn anew, once
every player of the old game has accepted. The new game is private (unlisted): only those players see it."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError

from .. import hooks
from ..models import Game, Rematch, Seat
from ..registry import get_kind
from .lifecycle import start_game
from .reading import may_see
from .writing import game_not_found, game_or_404


def _players_of(game: Game) -> list[int]:
    return list(Seat.objects.filter(game=game).order_by("index", "id").values_list("user_id", flat=True))


def _finished_game_of_player(user: User, game_id: Any) -> tuple[Game, list[int]]:
    """The finished game (row locked) and its players' ids; refusals for anybody else or another state."""
    game = game_or_404(game_id, lock=True)
    players = _players_of(game)
    seated = user.pk in players
    if not may_see(game, user, seated=seated):
        raise game_not_found(game_id)
    if not seated:
        raise ServiceError("forbidden", "not_a_player", gettext("Only the players of this game can have a rematch."))
    if game.status != Game.Status.FINISHED:
        raise ServiceError("conflict", "game_not_finished", gettext("A rematch is offered once the game is over."))
    return game, players


def offer_rematch(user: User, game_id: Any) -> Rematch:
    """Offer the players of a finished game a new one with the same options, time control and privacy; the
    offerer takes the first seat. A second offer while one stands (or after one started) is refused."""
    with transaction.atomic():
        game, players = _finished_game_of_player(user, game_id)
        existing = Rematch.objects.filter(previous=game).first()
        if existing is not None and existing.status != Rematch.Status.DECLINED:
            raise ServiceError("conflict", "rematch_exists", gettext("A rematch of this game was offered already."),
                               game=existing.game_id)
        if existing is not None:  # a declined offer may be made again: the new one replaces it
            existing.delete()
        kind = get_kind(game.kind)
        options = {k: v for k, v in game.options.items() if k not in kind.fixed_order_options}  # never the same deck
        new = Game.objects.create(
            kind=game.kind, options=options, players=len(players), created_by=user,
            time_control=dict(game.time_control), rng_salt=secrets.token_hex(32),
            listed=False, spectators_allowed=game.spectators_allowed, rated=game.rated, with_bots=game.with_bots,
        )
        Seat.objects.create(game=new, user=user)
        rematch = Rematch.objects.create(previous=game, game=new, offered_by=user)
        bots = set(User.objects.filter(pk__in=players).exclude(bot_level="").values_list("pk", flat=True))
        # The bots keep their seats: they accept at once (a game of one player and bots starts at once).
        Seat.objects.bulk_create([Seat(game=new, user_id=bot) for bot in players if bot in bots and bot != user.pk])
        others = [player for player in players if player != user.pk and player not in bots]
        if not others:
            start_game(user, new.pk)
            rematch.status = Rematch.Status.STARTED
            rematch.save(update_fields=["status"])
        else:
            hooks.seat_notice(hooks.SeatNotice(game, "rematch", user, others, rematch.pk))
        return rematch


def _standing_offer(user: User, game_id: Any) -> tuple[Rematch, list[int]]:
    game, players = _finished_game_of_player(user, game_id)
    rematch = Rematch.objects.select_for_update(of=("self",)).filter(previous=game).select_related("game").first()
    if rematch is None or rematch.status != Rematch.Status.OFFERED:
        raise ServiceError("conflict", "no_rematch_offered", gettext("No rematch of this game is offered now."))
    return rematch, players


def accept_rematch(user: User, game_id: Any) -> Rematch:
    """Take one's seat in the rematch of the finished game `game_id`; the last to accept starts it."""
    with transaction.atomic():
        rematch, players = _standing_offer(user, game_id)
        new = Game.objects.select_for_update().get(pk=rematch.game_id)
        if Seat.objects.filter(game=new, user=user).exists():
            raise ServiceError("conflict", "already_joined", gettext("You already have a seat in this game."))
        Seat.objects.create(game=new, user=user)
        if set(Seat.objects.filter(game=new).values_list("user_id", flat=True)) >= set(players):
            start_game(rematch.offered_by, new.pk)
            rematch.status = Rematch.Status.STARTED
            rematch.save(update_fields=["status"])
    return rematch


def decline_rematch(user: User, game_id: Any) -> Rematch:
    """Decline the rematch of the finished game `game_id`: the offer ends and its new game is abandoned."""
    with transaction.atomic():
        rematch, _players = _standing_offer(user, game_id)
        Game.objects.filter(pk=rematch.game_id).update(status=Game.Status.ABANDONED)
        rematch.status, rematch.declined_by = Rematch.Status.DECLINED, user
        rematch.save(update_fields=["status", "declined_by"])
    return rematch


def rematch_of(game: Game) -> Rematch | None:
    """The rematch offered at the end of this game, if any."""
    return Rematch.objects.filter(previous=game).select_related("game").first()


def rematch_for_player(user: User, game_id: Any) -> Rematch:
    """The rematch of the finished game `game_id`, for one of its players (404 `no_rematch` when none)."""
    with transaction.atomic():
        game, _players = _finished_game_of_player(user, game_id)
        rematch = rematch_of(game)
    if rematch is None:
        raise ServiceError("not_found", "no_rematch", gettext("No rematch of this game was offered."))
    return rematch


def rematch_players(rematch: Rematch) -> list[int]:
    """The user ids of the players who took their seat in the rematch so far (the offerer first)."""
    return list(Seat.objects.filter(game_id=rematch.game_id).order_by("joined_at", "id").values_list("user_id", flat=True))
