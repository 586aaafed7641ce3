"""A player's profile as a viewer may see it: their record, ratings, reliability and finished games, each
part shown to others only if the player shows it (`ProfilePrivacy`; the player always sees their own)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError
from games.models import Game, Seat
from games.registry import kind_names

from .models import ProfilePrivacy, Rating, Result
from .rating import display_rating
from .reliability import reliability

FINISHED_SHOWN = 100


def privacy_of(user: User) -> ProfilePrivacy:
    """The player's privacy choices (the defaults, everything shown, when they made none)."""
    return ProfilePrivacy.objects.filter(user=user).first() or ProfilePrivacy(user=user)


def shown_flags(user_ids: list[int]) -> dict[int, ProfilePrivacy]:
    """The privacy choices of these players (one statement; the defaults for those who made none)."""
    found = {p.user_id: p for p in ProfilePrivacy.objects.filter(user_id__in=user_ids)}
    return {user_id: found.get(user_id) or ProfilePrivacy(user_id=user_id) for user_id in user_ids}


def update_privacy(user: User, **flags: bool) -> ProfilePrivacy:
    """Change what the player shows of their profile (any of `ProfilePrivacy.FLAGS`)."""
    unknown = set(flags) - set(ProfilePrivacy.FLAGS)
    if unknown:
        raise ServiceError("invalid", "unknown_fields", gettext("Unknown fields: {names}.").format(
            names=", ".join(sorted(unknown))))
    with transaction.atomic():
        privacy, _ = ProfilePrivacy.objects.select_for_update().get_or_create(user=user)
        for name, value in flags.items():
            setattr(privacy, name, bool(value))
        privacy.save()
    return privacy


MAX_USER_ID = 2**63 - 1  # the largest key (a bigger id is a 404, not the database's "out of range")


def find_player(user_id: Any) -> User:
    """The active player of this id, or a 404."""
    try:
        pk = int(user_id)
    except (TypeError, ValueError):
        pk = 0
    player = User.objects.filter(pk=pk, is_active=True).first() if 0 < pk <= MAX_USER_ID else None
    if player is None:
        raise ServiceError("not_found", "player_not_found", gettext("There is no such player."))
    return player


def profile(player: User, viewer: User | None) -> dict[str, Any]:
    """The player's profile as `viewer` may see it: `hidden` names the parts the player keeps private, which
    are None for anybody else (the player sees their own)."""
    own = viewer is not None and viewer.pk == player.pk
    privacy = privacy_of(player)
    shown = {flag: own or getattr(privacy, flag) for flag in ProfilePrivacy.FLAGS}
    return {
        "id": player.pk,
        "display_name": player.public_name,
        "bot": player.is_bot,
        "hidden": [flag.removeprefix("show_") for flag in ProfilePrivacy.FLAGS if not getattr(privacy, flag)],
        "record": _record(player) if shown["show_record"] else None,
        "ratings": _ratings(player) if shown["show_rating"] else None,
        # A bot moves at once, every move the service's: reliability says nothing of it.
        "reliability": _reliability(player) if shown["show_reliability"] and not player.is_bot else None,
        "finished_games": _finished_games(player, viewer) if shown["show_games"] else None,
    }


def _record(player: User) -> list[dict[str, Any]]:
    """Games played (finished), won (first place, shared or not) and running, per game kind."""
    finished = {row["kind"]: row for row in Result.objects.filter(user=player).values("kind")
                .annotate(played=Count("pk"), won=Count("pk", filter=Q(place=1)))}
    running = dict(Seat.objects.filter(user=player, game__status=Game.Status.ACTIVE).values("game__kind")
                   .annotate(n=Count("pk")).values_list("game__kind", "n"))
    return [{"kind": kind, "played": finished.get(kind, {}).get("played", 0), "won": finished.get(kind, {}).get("won", 0),
             "running": running.get(kind, 0)} for kind in kind_names()]


def _ratings(player: User) -> list[dict[str, Any]]:
    return [{"kind": r.kind, "rating": round(display_rating(r.mu, r.sigma), 2), "mu": r.mu, "sigma": r.sigma,
             "games": r.games} for r in Rating.objects.filter(user=player).order_by("kind")]


def _reliability(player: User) -> dict[str, Any]:
    found = reliability(player)
    return {"share": found.share, "own_moves": found.own_moves, "service_moves": found.service_moves,
            "missed_last_90_days": found.missed_recently, "median_seconds_to_move": found.median_seconds}


def _finished_games(player: User, viewer: User | None) -> list[dict[str, Any]]:
    """The player's finished games the viewer may see (listed ones, and private ones the viewer sat in)."""
    results = Result.objects.filter(user=player).select_related("game")
    if viewer is None:
        results = results.filter(game__listed=True)
    elif viewer.pk != player.pk:
        seated = Seat.objects.filter(user=viewer).values("game_id")
        results = results.filter(Q(game__listed=True) | Q(game_id__in=seated))
    return [{"game": r.game_id, "kind": r.kind, "place": r.place, "players": r.game.players,
             "rated": r.mu_after is not None, "finished_at": r.finished_at}
            for r in results[:FINISHED_SHOWN]]
