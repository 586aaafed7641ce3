"""The leaderboards: per game kind, the players by their rating (the shown number, mu - 3 sigma), among those
with a least number of rated games (`STATS_LEADERBOARD_LEAST_GAMES`, default 5) who finished a game of that
kind recently (`STATS_LEADERBOARD_ACTIVE_DAYS`, default 180), paged. A player who hides their rating
(`ratings.ProfilePrivacy.show_rating`) and a deleted or deactivated account are not on it.

The ratings are the ratings app's, derived from the logs alone (`manage.py recompute_ratings`)."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import F, OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import ServiceError
from games.registry import kinds
from ratings.models import Rating, Result

PAGE_SIZE = 25
MOST_PAGES = 100_000  # a page number past this is refused (its offset would overflow the database's integers)


def least_games() -> int:
    """Rated games a player needs to be on a leaderboard."""
    return int(getattr(settings, "STATS_LEADERBOARD_LEAST_GAMES", 5))


def active_days() -> int:
    """A player is on a leaderboard if they finished a game of its kind within this many days."""
    return int(getattr(settings, "STATS_LEADERBOARD_ACTIVE_DAYS", 180))


def _page_number(value: Any) -> int:
    try:
        page = int(value if value not in (None, "") else 1)
    except (TypeError, ValueError):
        page = 0
    if not 1 <= page <= MOST_PAGES:
        raise ServiceError("invalid", "invalid_page", gettext("page must be a whole number from 1 to {most}.").format(
            most=MOST_PAGES))
    return page


def leaderboard(kind_name: str, page: Any = 1, now: datetime | None = None) -> dict[str, Any]:
    """One page of the kind's leaderboard (a 404 for a kind there is none of), best first: each entry's place, player, rating, rated games and
    when they last finished a game of the kind. A page past the last is empty (`pages` says how many)."""
    kind = kinds.get(kind_name)
    if kind is None:  # an address that names no game: a 404, as for any other
        raise ServiceError("not_found", "no_leaderboard", gettext("There is no leaderboard {name}.").format(name=kind_name))
    number = _page_number(page)
    since = (now or timezone.now()) - timedelta(days=active_days())
    last = Result.objects.filter(user=OuterRef("user"), kind=kind.name).order_by("-finished_at").values("finished_at")[:1]
    rows = (Rating.objects.filter(kind=kind.name, games__gte=least_games(), user__is_active=True,
                                  user__deleted_at__isnull=True)
            .exclude(user__profile_privacy__show_rating=False)
            .annotate(last_finished=Subquery(last), shown=F("mu") - 3 * F("sigma"))
            .filter(last_finished__gte=since)
            .select_related("user").order_by("-shown", "-games", "user_id"))
    count = rows.count()
    start = (number - 1) * PAGE_SIZE
    entries = [{"place": start + i + 1, "user": row.user_id, "name": row.user.public_name, "bot": row.user.is_bot,
                "rating": round(row.mu - 3 * row.sigma, 2), "games": row.games, "last_finished": row.last_finished}
               for i, row in enumerate(rows[start:start + PAGE_SIZE])]
    return {"kind": kind.name, "title": str(kind.title), "least_games": least_games(), "active_days": active_days(),
            "page": number, "pages": max(1, math.ceil(count / PAGE_SIZE)), "count": count, "entries": entries}
