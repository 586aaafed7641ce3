"""What the ratings app tells the hosting's lobby (through `games.hooks`, so games never imports this app):
the players' figures beside their names, and whether a player meets a game's least rating and reliability."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext

from accounts.models import User
from core.errors import ServiceError
from games import hooks
from games.models import Game
from games.registry import get_kind

from .models import Rating
from .profiles import shown_flags
from .rating import MODEL, display_rating
from .reliability import shares

NEWCOMER = display_rating(MODEL.mu, MODEL.sigma)


def ratings_of(kind: str, user_ids: list[int]) -> dict[int, float]:
    """Each player's displayed rating of this kind (a newcomer's where they have none)."""
    found = dict.fromkeys(user_ids, NEWCOMER)
    for rating in Rating.objects.filter(kind=kind, user_id__in=user_ids):
        found[rating.user_id] = display_rating(rating.mu, rating.sigma)
    return found


def player_facts(kind: str, user_ids: list[int]) -> dict[int, hooks.PlayerFacts]:
    """The lobby's figures of these players, each shown only if the player shows it (three statements)."""
    privacy = shown_flags(user_ids)
    ratings = ratings_of(kind, user_ids)
    reliability = shares(user_ids)
    return {
        user_id: hooks.PlayerFacts(
            rating=round(ratings[user_id], 2) if privacy[user_id].show_rating else None,
            reliability=reliability[user_id] if privacy[user_id].show_reliability else None,
            profile_url=reverse("player-profile", args=[user_id]),
        )
        for user_id in user_ids
    }


def check_join(game: Game, user: User) -> None:
    """Refuse a player below the game's least rating (of its kind) or reliability, saying why. A player with
    no move yet has missed no deadline: a least reliability admits them (a least rating still asks more
    than a newcomer's 0)."""
    if game.min_rating is not None:
        rating = ratings_of(game.kind, [user.pk])[user.pk]
        if rating < game.min_rating:
            raise ServiceError("forbidden", "rating_too_low", gettext(
                "This game asks for a rating of {least} at least in {game}; yours is {rating}.").format(
                least=f"{game.min_rating:.1f}", game=get_kind(game.kind).title, rating=f"{rating:.1f}"),
                least=game.min_rating, rating=round(rating, 2))
    if game.min_reliability is not None:
        share = shares([user.pk])[user.pk]
        if share is not None and share < game.min_reliability:
            raise ServiceError("forbidden", "reliability_too_low", gettext(
                "This game asks for a reliability of {least} percent at least; you made {share} percent of your "
                "moves before the deadline.").format(least=game.min_reliability, share=share),
                least=game.min_reliability, reliability=share)
